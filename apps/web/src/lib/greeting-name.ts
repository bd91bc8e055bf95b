import { storedValue } from './stored-value';

/**
 * The name the dashboard greets the signed-in person by ("Welcome, Rafiq"), kept in this browser
 * for the boot script (boot/boot.js), which draws the dashboard's heading before the app has loaded
 * (issue 16). Empty when the account has no name; forgotten at sign-out.
 */
const stored = storedValue<string>(
  'dak.name',
  (raw) => {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : null;
  },
  JSON.stringify,
  { endsWithSession: true },
);

/** The name the dashboard greets a user by: the one they go by, else their full name ('' if neither). */
export function greetingNameOf(user: { name?: string | null; fullName?: string | null }): string {
  return user.name ?? user.fullName ?? '';
}

export function rememberGreetingName(user: { name?: string | null; fullName?: string | null }): void {
  const name = greetingNameOf(user);
  if (stored.get() !== name) stored.set(name);
}
