import type { Trip } from '@dak/domain/hub-work';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

const dhaka = (d: Date | null) =>
  d
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Dhaka',
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(d)
    : '—';

/**
 * A line-haul trip's manifest on A4: the trip's code as a barcode, origin and destination, each
 * bag with its parcels, the totals, and signature lines for the hand-over at both ends.
 */
export async function manifestPdf(trip: Trip): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Manifest ${trip.code}`, Author: 'Dak' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: trip.code, scale: 2, height: 10 });

  doc.font('Helvetica-Bold').fontSize(18).text('Dak line-haul manifest', 40, 40);
  doc.image(barcode, 380, 36, { width: 175 });
  doc.font('Helvetica').fontSize(11).moveDown(0.5);
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.y = 90;
  line('Trip', trip.code);
  line('From', `${trip.origin.name.en} (${trip.origin.id})`);
  line('To', `${trip.destination.name.en} (${trip.destination.id})`);
  line('Vehicle', trip.vehicle ?? '—');
  line('Dispatched', dhaka(trip.dispatchedAt));
  line('Bags / parcels', `${trip.bags.length} / ${trip.parcelCount}`);
  doc.moveDown();

  for (const bag of trip.bags) {
    if (doc.y > 720) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(`Bag ${bag.code} — ${bag.parcels.length} parcels`);
    doc.font('Courier').fontSize(10);
    bag.parcels.forEach((p, i) => {
      if (doc.y > 770) doc.addPage();
      doc.text(`${String(i + 1).padStart(3, ' ')}. ${p.trackingId}   [  ]`);
    });
    doc.moveDown(0.6);
  }

  if (doc.y > 680) doc.addPage();
  doc.moveDown(2).font('Helvetica').fontSize(10);
  const y = doc.y;
  doc.text('Handed over by (origin hub)', 40, y).text('Name, signature, time', 40, y + 40);
  doc.text('Received by (destination hub)', 320, y).text('Name, signature, time', 320, y + 40);
  doc
    .moveTo(40, y + 35)
    .lineTo(260, y + 35)
    .moveTo(320, y + 35)
    .lineTo(555, y + 35)
    .stroke();
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
