import type { AddressPrediction } from '../address-prediction/contract';

/**
 * Reading the area of an address that nobody will confirm (issue 15: a Steadfast order carries only
 * a free-text `recipient_address`, and a store plugin books without a person looking). The booking
 * form shows its guess to a merchant who corrects it; an API booking has no such check, so a
 * wrong guess is a parcel sent to the wrong hub. Two rules, both needed:
 *
 * 1. The reader must be confident: an area, at `minConfidence` or more.
 * 2. The district must be corroborated: another part of the address (the text between commas,
 *    read on its own) names the same district. A lone phrase is read all too eagerly ("ask on
 *    the phone" as Ashkona, "Station road" as Chattogram's Kotwali, both above 0.8); a real
 *    address names its district after its area ("…, Gulshan 1, Dhaka"), and that second mention
 *    is what makes the first one believable.
 *
 * Pure: the caller passes the reader (the server's index), which reads each part too.
 */
export type UnattendedAreaProblem = 'unread' | 'uncertain' | 'district_not_named';
export type UnattendedArea =
  | { ok: true; areaId: string; districtId: string; confidence: number }
  | { ok: false; problem: UnattendedAreaProblem; prediction: AddressPrediction };

/** The parts of an address, as people separate them: commas, semicolons, new lines. */
export function addressParts(address: string): string[] {
  return address
    .split(/[,;\n\r|،]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export async function unattendedAreaOf(
  address: string,
  read: (text: string) => Promise<AddressPrediction>,
  minConfidence: number,
): Promise<UnattendedArea> {
  const prediction = await read(address);
  const { areaId, districtId, confidence } = prediction;
  if (!areaId || !districtId) return { ok: false, problem: 'unread', prediction };
  if (confidence < minConfidence) return { ok: false, problem: 'uncertain', prediction };
  const parts = addressParts(address);
  const readings = await Promise.all(parts.map((part) => read(part)));
  // Another part names the district: on its own ("Dhaka", "ঢাকা-১২০৯"), or as a different area of it.
  const corroborated = readings.some((r) => r.districtId === districtId && r.areaId !== areaId);
  if (!corroborated) return { ok: false, problem: 'district_not_named', prediction };
  return { ok: true, areaId, districtId, confidence };
}
