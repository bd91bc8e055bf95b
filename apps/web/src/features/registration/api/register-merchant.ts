import { registrationResponseSchema, type registrationSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type RegistrationInput = ReturnType<typeof registrationSchema.parse>;

/** POST /merchant/registration: the user, their first shop and a session, in one call. */
export function registerMerchant(input: RegistrationInput) {
  return publicPost('/merchant/registration', input, registrationResponseSchema);
}

export function useRegisterMerchant() {
  return useMutation({ mutationFn: registerMerchant });
}
