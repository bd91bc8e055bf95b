import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type BilingualText =
  | 'name'
  | 'title'
  | 'excerpt'
  | 'body'
  | 'question'
  | 'answer'
  | 'address'
  | 'hours'
  | 'description';

type Lang = 'en' | 'bn';

/**
 * One text in both languages, English then Bengali: the fields `<name>En` and `<name>Bn`, each
 * typed in its own language. A one-line input, a text area of `rows`, or the `input` given.
 */
export function BilingualFields({
  name,
  rows,
  input,
  extraEn,
}: {
  name: BilingualText;
  rows?: number;
  input?: (lang: Lang) => ReactNode;
  /** A hint under the English field (the markdown note). */
  extraEn?: ReactNode;
}) {
  const { t } = useTranslation();
  const field = (lang: Lang) =>
    input ? input(lang) : rows ? <Input.TextArea rows={rows} lang={lang} /> : <Input lang={lang} />;
  return (
    <>
      <Form.Item name={`${name}En`} label={t(`opsConsole.content.fields.${name}En`)} extra={extraEn}>
        {field('en')}
      </Form.Item>
      <Form.Item name={`${name}Bn`} label={t(`opsConsole.content.fields.${name}Bn`)}>
        {field('bn')}
      </Form.Item>
    </>
  );
}
