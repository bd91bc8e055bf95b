import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, getAuth } from '../../../lib/auth-storage';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { LoginFlow } from './login-flow';

const user = {
  id: '10000000-0000-4000-8000-000000000001',
  phone: '8801712345678',
  accountType: 'merchant',
  name: 'Rina',
  fullName: null,
  dateOfBirth: null,
  language: 'en',
  hasPassword: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

afterEach(async () => {
  clearAuth();
  await i18n.changeLanguage('en');
});

const phoneBox = () => screen.getByLabelText('Phone number');
const passwordBox = () => screen.getByTestId('login-password');
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

/** The plain sign-in form (no antd, issue 16): the shared rules, the server's answers, the code step. */
describe('the sign-in form', () => {
  it('checks the fields by the shared rules before anything is sent, and moves focus to the first wrong one', async () => {
    const requests = recordRequests();
    renderWithApp(<LoginFlow onSignedIn={() => {}} />);
    logIn();
    expect(await screen.findByText('Phone number can not be empty')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(phoneBox().getAttribute('aria-invalid')).toBe('true');
    expect(phoneBox().getAttribute('aria-describedby')).toBe('login_phone_help');
    expect(document.activeElement).toBe(phoneBox());
    expect(requests).toHaveLength(0);

    // A wrong number is told when the field is left; typing again clears the message.
    fireEvent.change(phoneBox(), { target: { value: '0171234' } });
    fireEvent.blur(phoneBox());
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    fireEvent.change(phoneBox(), { target: { value: '01712345678' } });
    expect(screen.queryByText('Invalid phone number')).toBeNull();
    expect(phoneBox().getAttribute('aria-invalid')).toBeNull();
  });

  it('signs in with a number typed in Bengali digits, and shows a refusal above the button', async () => {
    const requests = recordRequests();
    let accept = false;
    server.use(
      http.post('/api/v1/auth/login', () =>
        accept
          ? HttpResponse.json({ token: 'token-1', user })
          : HttpResponse.json(
              { error: { code: 'INVALID_CREDENTIALS', message: 'Phone number or password is incorrect' } },
              { status: 401 },
            ),
      ),
    );
    const onSignedIn = vi.fn();
    renderWithApp(<LoginFlow onSignedIn={onSignedIn} />);
    fireEvent.change(phoneBox(), { target: { value: '০১৭১২৩৪৫৬৭৮' } });
    fireEvent.change(passwordBox(), { target: { value: 'wrong-one' } });
    logIn();
    expect((await screen.findByRole('alert')).textContent).toContain('Phone number or password is incorrect');
    expect(onSignedIn).not.toHaveBeenCalled();

    // Changing a field takes the message away; the right password signs in.
    fireEvent.change(passwordBox(), { target: { value: 'Boutique-2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
    accept = true;
    logIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn).toHaveBeenCalledWith({ isNewUser: false, accountType: 'merchant', phone: user.phone });
    expect(getAuth()).toEqual({ kind: 'user', token: 'token-1' });
    expect(requests.at(-1)?.body).toEqual({
      phone: '8801712345678',
      password: 'Boutique-2026',
      accountType: 'merchant',
    });
  });

  it('shows the password in plain text on request', () => {
    renderWithApp(<LoginFlow onSignedIn={() => {}} />);
    expect(passwordBox().getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordBox().getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordBox().getAttribute('type')).toBe('password');
  });

  it('with a code: a partner asks for one, then the code step opens for that number', async () => {
    server.use(
      http.post('/api/v1/auth/otp/request', () =>
        HttpResponse.json({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      ),
    );
    renderWithApp(<LoginFlow onSignedIn={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Partner' }));
    fireEvent.click(screen.getByRole('radio', { name: 'OTP' }));
    expect(screen.queryByTestId('login-password')).toBeNull();
    fireEvent.change(phoneBox(), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' })).toBeTruthy();
    expect(document.getElementById('login-digit-1')).not.toBeNull();
    expect(screen.getByText('01712-345678')).toBeTruthy();
  });
});
