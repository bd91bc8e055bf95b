import { EditOutlined } from '@ant-design/icons';
import type { Customer } from '@dak/domain/customers';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

type CustomerListProps = {
  items: Customer[];
  /** Absent for a viewer: no edit buttons. */
  onEdit?: (customer: Customer) => void;
};

const areaName = (customer: Customer, language: 'en' | 'bn') =>
  language === 'bn' ? customer.deliveryArea.nameBn : customer.deliveryArea.nameEn;

function Phone({ phone }: { phone: string }) {
  return (
    <span className="phone-number" dir="ltr">
      {formatPhoneLocal(phone)}
    </span>
  );
}

/** The customer's phone, then the alternate one when there is one. */
function CustomerPhones({ customer }: { customer: Customer }) {
  return (
    <>
      <Phone phone={customer.phone} />
      {customer.alternatePhone ? (
        <>
          {' · '}
          <Phone phone={customer.alternatePhone} />
        </>
      ) : null}
    </>
  );
}

function EditCustomer({ customer, onEdit }: { customer: Customer; onEdit: (customer: Customer) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<EditOutlined aria-hidden />}
      onClick={() => onEdit(customer)}
      aria-label={t('customers.editOne', { name: customer.name })}
    >
      {t('customers.edit')}
    </Button>
  );
}

/** The address book as a table on a computer. */
export function CustomerTable({ items, onEdit }: CustomerListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Table<Customer>
      rowKey="id"
      dataSource={items}
      pagination={false}
      size="middle"
      className="parcel-table"
      onRow={() => ({ 'data-testid': 'customer-row' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'customer',
          title: t('parcels.fields.customer'),
          render: (_, customer) => (
            <div className="parcel-table__cell">
              <span>{customer.name}</span>
              <span className="card-list__muted">
                <CustomerPhones customer={customer} />
              </span>
            </div>
          ),
        },
        {
          key: 'address',
          title: t('parcels.fields.customerAddress'),
          render: (_, customer) => (
            <div className="parcel-table__cell">
              <span>{customer.address}</span>
              <span className="card-list__muted">{areaName(customer, language)}</span>
            </div>
          ),
        },
        {
          key: 'parcels',
          title: t('customers.parcels'),
          align: 'right',
          render: (_, customer) => formatNumber(customer.parcelCount, language),
        },
        {
          key: 'last',
          title: t('customers.lastBooked'),
          render: (_, customer) =>
            customer.lastBookedAt ? formatDate(customer.lastBookedAt, language) : '—',
        },
        ...(onEdit
          ? [
              {
                key: 'edit',
                title: <span className="visually-hidden">{t('customers.edit')}</span>,
                render: (_: unknown, customer: Customer) => (
                  <EditCustomer customer={customer} onEdit={onEdit} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The address book as cards on a phone. */
export function CustomerCards({ items, onEdit }: CustomerListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="card-list" aria-label={t('customers.listLabel')}>
      {items.map((customer) => (
        <li key={customer.id} className="card-list__item" data-testid="customer-row">
          <div className="card-list__main">
            <div className="parcel-card__head">
              <span className="card-list__title">{customer.name}</span>
              <span className="card-list__muted">
                {t('customers.parcelCount', { n: formatNumber(customer.parcelCount, language) })}
              </span>
            </div>
            <div className="card-list__text card-list__muted">
              <CustomerPhones customer={customer} />
            </div>
            <div className="card-list__text">{customer.address}</div>
            <div className="card-list__text card-list__muted">{areaName(customer, language)}</div>
          </div>
          {onEdit ? <EditCustomer customer={customer} onEdit={onEdit} /> : null}
        </li>
      ))}
    </ul>
  );
}
