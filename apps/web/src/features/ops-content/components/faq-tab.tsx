import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { faqCategories, faqInputSchema } from '@dak/domain/site-content';
import { Button, Form, Input, InputNumber, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { MarkdownView } from '../../../lib/markdown-view';
import { faqEntries, type OpsFaqEntry } from '../api/faq';
import { useContentList, useRemoveContent, useSaveContent } from '../api/resource';
import { ContentDialog } from './content-dialog';
import { RemoveButton } from './remove-button';

type Values = {
  questionEn: string;
  questionBn: string;
  answerEn: string;
  answerBn: string;
  category?: string;
  position: number | null;
  status: 'draft' | 'published';
};

const blank: Values = {
  questionEn: '',
  questionBn: '',
  answerEn: '',
  answerBn: '',
  category: undefined,
  position: 0,
  status: 'draft',
};

/** FAQ entries in both languages, in their order, drafts marked; the answers are markdown. */
export function FaqTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useContentList(faqEntries);
  const save = useSaveContent(faqEntries);
  const remove = useRemoveContent(faqEntries);
  const [editing, setEditing] = useState<OpsFaqEntry | 'new' | null>(null);

  const columns: TableColumnsType<OpsFaqEntry> = [
    {
      key: 'position',
      title: t('opsConsole.content.fields.position'),
      width: 88,
      responsive: ['sm'],
      render: (_, item) => formatNumber(item.position, language),
    },
    {
      key: 'question',
      title: t('opsConsole.content.faq.question'),
      render: (_, item) => (
        <>
          <strong lang="en">{item.questionEn}</strong>
          <span className="ops-secondary" lang="bn">
            {item.questionBn}
          </span>
          <span className="content-xs">
            <StatusTag status={item.status} />
          </span>
        </>
      ),
    },
    {
      key: 'category',
      title: t('opsConsole.content.faq.category'),
      width: 130,
      responsive: ['md'],
      render: (_, item) =>
        t(`opsConsole.content.categories.${item.category}` as 'opsConsole.content.categories.general'),
    },
    {
      key: 'status',
      title: t('opsConsole.content.status'),
      width: 110,
      responsive: ['sm'],
      render: (_, item) => <StatusTag status={item.status} />,
    },
    {
      key: 'actions',
      title: t('opsConsole.content.actions'),
      width: 100,
      render: (_, item) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('opsConsole.content.editNamed', { name: item.questionEn })}
            onClick={() => setEditing(item)}
          />
          <RemoveButton label={item.questionEn} onRemove={() => remove.mutateAsync(item.id)} />
        </Space>
      ),
    },
  ];

  if (list.isError) return <OpsLoadError error={list.error} onRetry={() => void list.refetch()} />;
  const current = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <div className="content-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('opsConsole.content.faq.add')}
        </Button>
      </div>
      <Table<OpsFaqEntry>
        className="ops-table"
        rowKey="id"
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        pagination={false}
        expandable={{
          expandedRowRender: (item) => (
            <div className="ops-grid ops-grid--two">
              <MarkdownView source={item.answerEn} lang="en" />
              <MarkdownView source={item.answerBn} lang="bn" />
            </div>
          ),
        }}
      />
      <ContentDialog<Values, ReturnType<typeof faqInputSchema.parse>>
        open={editing !== null}
        name="faq-entry"
        title={current ? t('opsConsole.content.faq.edit') : t('opsConsole.content.faq.add')}
        onClose={() => setEditing(null)}
        initialValues={current ? { ...current, position: current.position } : blank}
        schema={faqInputSchema}
        prepare={(v) => ({ ...v, position: v.position ?? 0 })}
        save={(input) => save.mutateAsync({ id: current?.id ?? null, input })}
        saving={save.isPending}
        wide
      >
        {() => (
          <>
            <div className="ops-grid ops-grid--two">
              <Form.Item name="questionEn" label={t('opsConsole.content.fields.questionEn')}>
                <Input lang="en" />
              </Form.Item>
              <Form.Item name="questionBn" label={t('opsConsole.content.fields.questionBn')}>
                <Input lang="bn" />
              </Form.Item>
              <Form.Item
                name="answerEn"
                label={t('opsConsole.content.fields.answerEn')}
                extra={t('opsConsole.content.markdownHint')}
              >
                <Input.TextArea rows={5} lang="en" />
              </Form.Item>
              <Form.Item name="answerBn" label={t('opsConsole.content.fields.answerBn')}>
                <Input.TextArea rows={5} lang="bn" />
              </Form.Item>
            </div>
            <div className="ops-grid ops-grid--three">
              <Form.Item name="category" label={t('opsConsole.content.faq.category')}>
                <Select
                  options={faqCategories.map((c) => ({
                    value: c,
                    label: t(`opsConsole.content.categories.${c}` as 'opsConsole.content.categories.general'),
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="position"
                label={t('opsConsole.content.fields.position')}
                extra={t('opsConsole.content.positionHint')}
              >
                <InputNumber min={0} max={10000} precision={0} className="content-number" />
              </Form.Item>
              <Form.Item name="status" label={t('opsConsole.content.status')}>
                <StatusSelect />
              </Form.Item>
            </div>
          </>
        )}
      </ContentDialog>
    </>
  );
}

export function StatusTag({ status }: { status: 'draft' | 'published' }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'published' ? 'green' : 'default'}>
      {t(`opsConsole.content.statuses.${status}`)}
    </Tag>
  );
}

export function StatusSelect(props: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      options={(['draft', 'published'] as const).map((s) => ({
        value: s,
        label: t(`opsConsole.content.statuses.${s}`),
      }))}
    />
  );
}
