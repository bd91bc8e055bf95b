import { UploadOutlined } from '@ant-design/icons';
import { blogPostInputSchema, coverImageMaxBytes, mediaUrl } from '@dak/domain/site-content';
import { Button, Form, Input, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { MarkdownView } from '../../../lib/markdown-view';
import { blogPosts, type OpsBlogPost } from '../api/blog';
import { useUploadImage } from '../api/upload-image';
import { BilingualFields } from './bilingual-fields';
import { StatusSelect, StatusTag, statusColumn } from './content-status';
import { ContentTab } from './content-tab';

type Values = {
  slug: string;
  titleEn: string;
  titleBn: string;
  excerptEn: string;
  excerptBn: string;
  bodyEn: string;
  bodyBn: string;
  coverMediaId: string | null;
  status: 'draft' | 'published';
};

const blank: Values = {
  slug: '',
  titleEn: '',
  titleBn: '',
  excerptEn: '',
  excerptBn: '',
  bodyEn: '',
  bodyBn: '',
  coverMediaId: null,
  status: 'draft',
};

/** A cover image: upload (checked by the server), preview, or remove. */
function CoverField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadImage();
  const errorText = useOpsErrorText();
  return (
    <div className="content-cover">
      {value ? (
        <img
          src={mediaUrl(value)}
          alt={t('opsConsole.content.blog.coverAlt')}
          className="content-cover__image"
        />
      ) : (
        <span className="ops-secondary">{t('opsConsole.content.blog.noCover')}</span>
      )}
      <Space wrap>
        <label className="ant-btn ant-btn-default content-cover__pick">
          <UploadOutlined aria-hidden /> {t('opsConsole.content.blog.chooseCover')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="content-cover__input"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (file.size > coverImageMaxBytes) {
                toast.error(t('opsConsole.content.blog.coverTooLarge'));
                return;
              }
              try {
                const stored = await upload.mutateAsync(file);
                onChange?.(stored.id);
              } catch (failure) {
                toast.error(errorText(failure));
              }
            }}
          />
        </label>
        {value ? (
          <Button onClick={() => onChange?.(null)}>{t('opsConsole.content.blog.removeCover')}</Button>
        ) : null}
      </Space>
      <Typography.Text type="secondary">{t('opsConsole.content.blog.coverHint')}</Typography.Text>
    </div>
  );
}

/** Markdown in a text area, with a safe preview beside it on wide screens (a tab on phones). */
function MarkdownField({
  id,
  value,
  onChange,
  lang,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  lang: 'en' | 'bn';
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'write',
          label: t('opsConsole.content.blog.write'),
          children: (
            <Input.TextArea
              id={id}
              rows={12}
              lang={lang}
              value={value}
              onChange={(e) => onChange?.(e.target.value)}
            />
          ),
        },
        {
          key: 'preview',
          label: t('opsConsole.content.blog.preview'),
          children: <MarkdownView source={value ?? ''} lang={lang} />,
        },
      ]}
    />
  );
}

/** Blog posts: markdown in English and Bengali, a cover image, draft or published, a unique slug. */
export function BlogTab() {
  const { t } = useTranslation();

  const columns: TableColumnsType<OpsBlogPost> = [
    {
      key: 'title',
      title: t('opsConsole.content.blog.title'),
      render: (_, item) => (
        <>
          <strong lang="en">{item.titleEn}</strong>
          <span className="ops-secondary" lang="bn">
            {item.titleBn}
          </span>
          <span className="ops-secondary content-slug">/{item.slug}</span>
          <span className="content-xs">
            <StatusTag status={item.status} />
          </span>
        </>
      ),
    },
    {
      key: 'published',
      title: t('opsConsole.content.blog.published'),
      width: 170,
      responsive: ['md'],
      render: (_, item) => (item.publishedAt ? <DateTime value={item.publishedAt} /> : '—'),
    },
    statusColumn(t),
  ];

  return (
    <ContentTab<OpsBlogPost, Values, ReturnType<typeof blogPostInputSchema.parse>>
      type={{
        resource: blogPosts,
        formName: 'blog-post',
        addLabel: t('opsConsole.content.blog.add'),
        editLabel: t('opsConsole.content.blog.edit'),
        nameOf: (item) => item.titleEn,
        columns,
        blank,
        toValues: (item) => ({ ...item }),
        schema: blogPostInputSchema,
        prepare: (v) => v,
        fields: () => (
          <>
            <div className="ops-grid ops-grid--two">
              <BilingualFields name="title" />
              <Form.Item
                name="slug"
                label={t('opsConsole.content.fields.slug')}
                extra={t('opsConsole.content.blog.slugHint')}
              >
                <Input spellCheck={false} autoCapitalize="off" />
              </Form.Item>
              <Form.Item name="status" label={t('opsConsole.content.status')}>
                <StatusSelect />
              </Form.Item>
              <BilingualFields name="excerpt" rows={2} />
              <BilingualFields
                name="body"
                input={(lang) => <MarkdownField lang={lang} />}
                extraEn={t('opsConsole.content.markdownHint')}
              />
            </div>
            <Form.Item name="coverMediaId" label={t('opsConsole.content.blog.cover')}>
              <CoverField />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
