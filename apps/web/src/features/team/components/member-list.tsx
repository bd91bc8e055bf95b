import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import { type EmployeeRole, employeeRoles, type Member } from '@dak/domain/shop';
import { Button, Popconfirm, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useChangeMemberRole } from '../api/change-member-role';
import { useRemoveMember } from '../api/remove-member';

function isEmployeeRole(value: string): value is EmployeeRole {
  return (employeeRoles as readonly string[]).includes(value);
}

/** Manage team: each member with role and status; the owner changes roles and removes employees. */
export function MemberList({
  shopId,
  members,
  canManage,
}: {
  shopId: string;
  members: Member[];
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();

  const setRole = async (member: Member, role: EmployeeRole) => {
    try {
      await changeRole.mutateAsync({ shopId, userId: member.userId, role });
      toast.success(t('team.roleChanged', { role: t(`roles.${role}`) }));
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  const removeMember = async (member: Member) => {
    try {
      await remove.mutateAsync({ shopId, userId: member.userId });
      toast.success(t('team.removed'));
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  return (
    <ul className="card-list" aria-label={t('team.listLabel')}>
      {members.map((member) => {
        const phone = formatPhoneLocal(member.phone);
        const who = member.name ?? phone;
        const editable = canManage && member.role !== 'owner' && member.status === 'active';
        return (
          <li
            key={member.userId}
            className={`card-list__item${member.status === 'removed' ? ' card-list__item--muted' : ''}`}
            data-testid="team-member"
          >
            <UserOutlined aria-hidden className="card-list__icon" />
            <div className="card-list__main">
              <div className="card-list__title">{member.name ?? <span dir="ltr">{phone}</span>}</div>
              {member.name ? (
                <div className="card-list__text card-list__muted" dir="ltr">
                  <span className="phone-number">{phone}</span>
                </div>
              ) : null}
              <div className="card-list__meta">
                {editable ? null : (
                  <Tag color={member.role === 'owner' ? 'green' : 'default'}>{t(`roles.${member.role}`)}</Tag>
                )}
                <Tag color={member.status === 'active' ? 'blue' : 'default'}>
                  {t(`team.statuses.${member.status}`)}
                </Tag>
                <span className="card-list__muted">
                  {t('team.addedOn', { date: formatDate(member.addedAt, language) })}
                </span>
              </div>
            </div>
            {editable ? (
              <div className="card-list__actions">
                <Select<string>
                  value={member.role}
                  aria-label={t('team.roleOf', { name: who })}
                  className="member-role-select"
                  options={employeeRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                  onChange={(role) => {
                    if (isEmployeeRole(role)) void setRole(member, role);
                  }}
                  disabled={changeRole.isPending}
                />
                <Popconfirm
                  title={t('team.removeTitle')}
                  description={t('team.removeBody', { name: who })}
                  okText={t('actions.confirm')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => removeMember(member)}
                >
                  <Button
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('team.removeNamed', { name: who })}
                  >
                    {t('team.remove')}
                  </Button>
                </Popconfirm>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
