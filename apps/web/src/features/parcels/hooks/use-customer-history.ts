import { phoneSchema } from '@dak/domain/phone';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AreaChoice } from '../../../components/light/area-search';
import { useDebounced } from '../../../components/ui/use-debounced';
import { useCustomerByPhone } from '../api/get-customer-by-phone';
import { useSuccessRate } from '../api/get-success-rate';
import { parcelsQueryOptions } from '../api/list-parcels';
import { asText, type Kind, type ParcelValues } from '../components/parcel-form-values';

/**
 * What the shop knows of the phone typed in the booking form: the saved customer (filling the
 * empty fields once per phone), the delivery record (a warning when it is low) and, for an
 * exchange, the reverse parcels already booked for it.
 */
export function useCustomerHistory({
  shopId,
  form,
  phone,
  kind,
  onArea,
}: {
  shopId: string;
  /** The form's values now, and a way to fill some of them. */
  form: { getFieldsValue: () => ParcelValues; setFieldsValue: (fill: ParcelValues) => void };
  phone: string;
  kind: Kind;
  /** The saved customer's area, to show in the area picker. */
  onArea: (area: AreaChoice) => void;
}) {
  // A phone the shop has booked for before fills the empty customer fields (once per phone).
  const parsedPhone = phoneSchema.safeParse(phone);
  const validPhone = useDebounced(parsedPhone.success ? parsedPhone.data : null, 400);
  const known = useCustomerByPhone(shopId, validPhone);
  const record = useSuccessRate(shopId, validPhone);
  const filledFor = useRef<string | null>(null);
  const knownCustomer = known.data?.customer ?? null;
  useEffect(() => {
    if (!knownCustomer || filledFor.current === knownCustomer.phone) return;
    filledFor.current = knownCustomer.phone;
    const current = form.getFieldsValue();
    const fill: ParcelValues = {};
    if (!asText(current.customerName).trim()) fill.customerName = knownCustomer.name;
    if (!asText(current.customerAddress).trim()) fill.customerAddress = knownCustomer.address;
    if (!asText(current.alternatePhone).trim() && knownCustomer.alternatePhone) {
      fill.alternatePhone = knownCustomer.alternatePhone.replace(/^880/, '0');
    }
    if (!current.deliveryAreaId) {
      fill.deliveryAreaId = knownCustomer.deliveryArea.id;
      onArea({ ...knownCustomer.deliveryArea, districtNameEn: '', districtNameBn: '' });
    }
    form.setFieldsValue(fill);
  }, [knownCustomer, form, onArea]);
  const warning = validPhone && record.data?.warn ? record.data : null;
  const history = validPhone && record.data && record.data.finished > 0 ? record.data : null;

  // An exchange may take as its return leg a reverse parcel already booked for this phone.
  const reverseCandidates = useQuery({
    ...parcelsQueryOptions(shopId, { q: validPhone ?? '', offset: 0 }),
    enabled: kind === 'exchange' && validPhone !== null,
  });
  const reverseOptions =
    kind === 'exchange' && validPhone
      ? (reverseCandidates.data?.items ?? []).filter(
          (item) =>
            item.parcelType === 'reverse' &&
            item.status === 'pickup_pending' &&
            item.customerPhone === validPhone,
        )
      : [];

  return { validPhone, knownCustomer, warning, history, reverseOptions };
}
