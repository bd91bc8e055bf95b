import { faqCategories, faqInputSchema } from '@dak/domain/site-content';
import { Form, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { MarkdownView } from '../../../lib/markdown-view';
import { faqEntries, type OpsFaqEntry } from '../api/faq';
import { BilingualFields } from './bilingual-fields';
import { PositionField, StatusSelect, StatusTag, statusColumn } from './content-status';
import { ContentTab } from './content-tab';

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
    statusColumn(t),
  ];

  return (
    <ContentTab<OpsFaqEntry, Values, ReturnType<typeof faqInputSchema.parse>>
      type={{
        resource: faqEntries,
        formName: 'faq-entry',
        addLabel: t('opsConsole.content.faq.add'),
        editLabel: t('opsConsole.content.faq.edit'),
        nameOf: (item) => item.questionEn,
        columns,
        expandedRow: (item) => (
          <div className="ops-grid ops-grid--two">
            <MarkdownView source={item.answerEn} lang="en" />
            <MarkdownView source={item.answerBn} lang="bn" />
          </div>
        ),
        blank,
        toValues: (item) => ({ ...item }),
        schema: faqInputSchema,
        prepare: (v) => ({ ...v, position: v.position ?? 0 }),
        fields: () => (
          <>
            <div className="ops-grid ops-grid--two">
              <BilingualFields name="question" />
              <BilingualFields name="answer" rows={5} extraEn={t('opsConsole.content.markdownHint')} />
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
              <PositionField />
              <Form.Item name="status" label={t('opsConsole.content.status')}>
                <StatusSelect />
              </Form.Item>
            </div>
          </>
        ),
      }}
    />
  );
}
