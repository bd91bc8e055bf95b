import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type FormInstance, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import type { SafeParser } from '../../../lib/form-validation';
import { type ContentResource, useContentList, useRemoveContent, useSaveContent } from '../api/resource';
import { ContentDialog } from './content-dialog';
import { RemoveButton } from './remove-button';

/**
 * What differs between the kinds of content (FAQ, blog posts, booths, truck types): their API,
 * their columns, their dialog's fields and how an item becomes the form's values and back. The
 * list, the add button, the edit and remove buttons and the dialog are the same for all four.
 */
export type ContentType<Item extends { id: string }, Values, Input> = {
  resource: ContentResource<{ items: Item[] }, Item, Input>;
  /** The dialog form's name (its fields' ids start with it). */
  formName: string;
  addLabel: string;
  editLabel: string;
  /** The item's name in its edit and remove buttons' labels. */
  nameOf: (item: Item) => string;
  /** The columns before the actions. */
  columns: TableColumnsType<Item>;
  expandedRow?: (item: Item) => ReactNode;
  /** Shown above the add button. */
  note?: ReactNode;
  blank: Values;
  toValues: (item: Item) => Values;
  /** The shared schema of the body: the same rules the server applies. */
  schema: SafeParser<Input>;
  /** The form's values as the API takes them. */
  prepare: (values: Values) => unknown;
  fields: (form: FormInstance<Values>) => ReactNode;
};

/** One kind of content in the console: its list, then add, change (a dialog) and remove. */
export function ContentTab<Item extends { id: string }, Values, Input>({
  type,
}: {
  type: ContentType<Item, Values, Input>;
}) {
  const { t } = useTranslation();
  const list = useContentList(type.resource);
  const save = useSaveContent(type.resource);
  const remove = useRemoveContent(type.resource);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);

  const columns: TableColumnsType<Item> = [
    ...type.columns,
    {
      key: 'actions',
      title: t('opsConsole.content.actions'),
      width: 100,
      render: (_, item) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('opsConsole.content.editNamed', { name: type.nameOf(item) })}
            onClick={() => setEditing(item)}
          />
          <RemoveButton label={type.nameOf(item)} onRemove={() => remove.mutateAsync(item.id)} />
        </Space>
      ),
    },
  ];

  if (list.isError) return <OpsLoadError error={list.error} onRetry={() => void list.refetch()} />;
  const current = editing && editing !== 'new' ? editing : null;
  return (
    <>
      {type.note}
      <div className="content-toolbar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {type.addLabel}
        </Button>
      </div>
      <Table<Item>
        className="ops-table"
        rowKey="id"
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isPending}
        pagination={false}
        expandable={type.expandedRow ? { expandedRowRender: type.expandedRow } : undefined}
      />
      <ContentDialog<Values, Input>
        open={editing !== null}
        name={type.formName}
        title={current ? type.editLabel : type.addLabel}
        onClose={() => setEditing(null)}
        initialValues={current ? type.toValues(current) : type.blank}
        schema={type.schema}
        prepare={type.prepare}
        save={(input) => save.mutateAsync({ id: current?.id ?? null, input })}
        saving={save.isPending}
        wide
      >
        {type.fields}
      </ContentDialog>
    </>
  );
}
