import { UploadOutlined } from '@ant-design/icons';
import { merchantTypes } from '@dak/domain/auth';
import {
  type BannerInputDraft,
  bannerAudiences,
  bannerImageMaxBytes,
  bannerInputSchema,
  bannerKinds,
  bannerMessages,
  type OpsBanner,
} from '@dak/domain/banners';
import { Button, DatePicker, Form, Grid, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-error';
import { parseForm } from '../../../lib/form-validation';
import { useLanguage } from '../../../lib/i18n';
import { useSaveBanner, useUploadBannerImage } from '../api/banners';
import { bannerMessage } from './banner-messages';

type Values = Omit<BannerInputDraft, 'startsAt' | 'endsAt' | 'link'> & {
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  link: string;
};

const blank = (): Values => ({
  kind: 'popup',
  audience: 'all',
  merchantTypes: [],
  shopIds: [],
  startsAt: dayjs().startOf('minute'),
  endsAt: dayjs().add(7, 'day').endOf('day').startOf('minute'),
  titleEn: '',
  titleBn: '',
  bodyEn: '',
  bodyBn: '',
  link: '',
});

const valuesOf = (banner: OpsBanner): Values => ({
  kind: banner.kind,
  audience: banner.audience,
  merchantTypes: banner.merchantTypes,
  shopIds: banner.shopIds,
  startsAt: dayjs(banner.startsAt),
  endsAt: dayjs(banner.endsAt),
  titleEn: banner.titleEn,
  titleBn: banner.titleBn,
  bodyEn: banner.bodyEn,
  bodyBn: banner.bodyBn,
  link: banner.link ?? '',
});

/**
 * Adds or changes a banner: the shared schema checks the form on save (the end after the start,
 * both languages, the audience's fields), then the chosen image goes up, checked by its bytes.
 */
export function BannerDialog({ banner, onClose }: { banner: OpsBanner | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const errorText = useOpsErrorText();
  const [form] = Form.useForm<Values>();
  const save = useSaveBanner();
  const upload = useUploadBannerImage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(banner === 'new' ? null : banner.id);
  const audience = Form.useWatch('audience', form);
  const translate = (message: string) => bannerMessage(t, language, message);

  const submit = async (values: Values) => {
    setError(null);
    const input = parseForm(
      form,
      bannerInputSchema,
      {
        ...values,
        startsAt: values.startsAt?.toISOString(),
        endsAt: values.endsAt?.toISOString(),
      },
      translate,
    );
    if (!input) return;
    try {
      const saved = await save.mutateAsync({ id: savedId, input });
      setSavedId(saved.id);
      if (file) {
        await upload.mutateAsync({ id: saved.id, file });
        setFile(null);
      }
      toast.success(t('opsConsole.banners.saved'));
      onClose();
    } catch (failure) {
      const field = isApiError(failure)
        ? (failure.details as { field?: unknown } | undefined)?.field
        : undefined;
      if (field === 'file' && isApiError(failure)) {
        setError(`${t('opsConsole.banners.imageRefused')} ${translate(failure.message)}`);
      } else if (typeof field === 'string' && isApiError(failure)) {
        form.setFields([{ name: field as never, errors: [translate(failure.message)] }]);
      } else {
        setError(errorText(failure));
      }
    }
  };

  const title = banner === 'new' ? t('opsConsole.banners.add') : t('opsConsole.banners.edit');
  return (
    <Modal
      open
      onCancel={onClose}
      title={title}
      width={screens.md ? 900 : '100%'}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        name="banner"
        layout="vertical"
        requiredMark={false}
        initialValues={banner === 'new' ? blank() : valuesOf(banner)}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setError(null)}
      >
        <div className="ops-grid ops-grid--two">
          <Form.Item name="kind" label={t('opsConsole.banners.fields.kind')}>
            <Select
              options={bannerKinds.map((k) => ({ value: k, label: t(`opsConsole.banners.kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="audience" label={t('opsConsole.banners.fields.audience')}>
            <Select
              options={bannerAudiences.map((a) => ({
                value: a,
                label: t(`opsConsole.banners.audiences.${a}`),
              }))}
            />
          </Form.Item>
        </div>
        {audience === 'merchant_types' ? (
          <Form.Item name="merchantTypes" label={t('opsConsole.banners.fields.merchantTypes')}>
            <Select
              mode="multiple"
              options={merchantTypes.map((m) => ({ value: m, label: t(`merchantTypes.${m}`) }))}
            />
          </Form.Item>
        ) : null}
        {audience === 'shops' ? (
          <Form.Item
            name="shopIds"
            label={t('opsConsole.banners.fields.shopIds')}
            extra={t('opsConsole.banners.shopIdsHint')}
          >
            <Select mode="tags" tokenSeparators={[',', ' ', '\n']} open={false} suffixIcon={null} />
          </Form.Item>
        ) : null}
        <div className="ops-grid ops-grid--two">
          <Form.Item name="startsAt" label={t('opsConsole.banners.fields.startsAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="banner-date" />
          </Form.Item>
          <Form.Item name="endsAt" label={t('opsConsole.banners.fields.endsAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="banner-date" />
          </Form.Item>
        </div>
        <div className="ops-grid ops-grid--two">
          <Form.Item name="titleEn" label={t('opsConsole.banners.fields.titleEn')}>
            <Input lang="en" />
          </Form.Item>
          <Form.Item name="titleBn" label={t('opsConsole.banners.fields.titleBn')}>
            <Input lang="bn" />
          </Form.Item>
          <Form.Item name="bodyEn" label={t('opsConsole.banners.fields.bodyEn')}>
            <Input.TextArea rows={3} lang="en" />
          </Form.Item>
          <Form.Item name="bodyBn" label={t('opsConsole.banners.fields.bodyBn')}>
            <Input.TextArea rows={3} lang="bn" />
          </Form.Item>
        </div>
        <Form.Item
          name="link"
          label={t('opsConsole.banners.fields.link')}
          extra={t('opsConsole.banners.linkHint')}
        >
          <Input inputMode="url" placeholder="/parcels/new" />
        </Form.Item>
        <div className="banner-image-field">
          <label className="ant-btn ant-btn-default banner-image-field__pick">
            <UploadOutlined aria-hidden /> {t('opsConsole.banners.chooseImage')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="banner-image-field__input"
              data-testid="banner-image-input"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (chosen && chosen.size > bannerImageMaxBytes) {
                  setError(translate(bannerMessages.imageTooLarge));
                  return;
                }
                setFile(chosen);
              }}
            />
          </label>
          <Typography.Text type="secondary">
            {file
              ? file.name
              : banner !== 'new' && banner.imageUrl
                ? t('opsConsole.banners.hasImage')
                : t('opsConsole.banners.imageHint')}
          </Typography.Text>
        </div>
        <FormAlert message={error} />
        <div className="ops-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending || upload.isPending}>
            {t('opsConsole.common.save')}
          </Button>
          <Button onClick={onClose}>{t('opsConsole.common.cancel')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
