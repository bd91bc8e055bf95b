import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { DateInput } from './date-input';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function Filter({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('2026-11-27');
  return (
    <DateInput
      label="Booked from"
      value={value}
      placeholder="Any day"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('writes its date as the page does, in Bengali words and digits, not in the browser’s mm/dd/yyyy', async () => {
    await i18n.changeLanguage('bn');
    const { container } = render(<Filter onChange={() => {}} />);
    expect(screen.getByLabelText('Booked from')).toHaveProperty('value', '2026-11-27');
    expect(container.querySelector('.light-date__face')?.textContent).toBe('২৭ নভেম্বর ২০২৬');
  });

  it('shows the placeholder once cleared, and passes on whole dates or nothing', () => {
    const onChange = vi.fn();
    const { container } = render(<Filter onChange={onChange} />);
    const input = screen.getByLabelText('Booked from');
    fireEvent.change(input, { target: { value: '2026-12-01' } });
    expect(container.querySelector('.light-date__face')?.textContent).toBe('1 December 2026');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['2026-12-01'], ['']]);
    expect(container.querySelector('.light-date__face')?.textContent).toBe('Any day');
  });
});
