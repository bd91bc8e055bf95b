import { UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../../../features/team/api/list-members';
import { AddMemberModal } from '../../../features/team/components/add-member-modal';
import { MemberList } from '../../../features/team/components/member-list';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function ManageTeam({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const members = useMembers(shop.id);
  const [adding, setAdding] = useState(false);
  const canManage = shop.can('team.manage');

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('team.title')}
        </Typography.Title>
        {canManage ? (
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('team.add')}
          </Button>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary">{t('team.intro')}</Typography.Paragraph>
      {members.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {members.isError ? <Alert type="error" showIcon title={errorText(members.error)} /> : null}
      {members.data ? (
        <MemberList shopId={shop.id} members={members.data.items} canManage={canManage} />
      ) : null}
      {canManage ? <AddMemberModal shopId={shop.id} open={adding} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** Manage team (owner only): members with role and status; add by the member's code, change, remove. */
export function TeamPage() {
  return (
    <div className="page">
      <RequireShop permission="team.view">{(shop) => <ManageTeam shop={shop} />}</RequireShop>
    </div>
  );
}
