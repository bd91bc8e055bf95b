import {
  changePasswordSchema,
  meResponseSchema,
  otpLoginResponseSchema,
  otpRequestSchema,
  otpSentSchema,
  otpVerifySchema,
  passwordLoginSchema,
  registrationResponseSchema,
  registrationSchema,
  resetPasswordSchema,
  sessionResponseSchema,
  temporaryActions,
} from '@dak/domain/auth';
import { otpCodeSchema } from '@dak/domain/otp';
import { phoneSchema } from '@dak/domain/phone';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { noBody, okSchema as ok } from '../../lib/schemas';
import { type Guards, userOf } from '../../plugins/auth';
import type { AuthService } from './auth.service';

const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Merchant and partner sign-in, registration, password and temporary-token routes. */
export function authRoutes(deps: { auth: AuthService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { auth, guards } = deps;

    r.post(
      '/auth/otp/request',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a login code to a phone',
          body: otpRequestSchema,
          response: { 200: otpSentSchema },
        },
      },
      (request) => auth.requestLoginOtp({ phone: request.body.phone, ...client(request) }),
    );
    r.post(
      '/auth/otp/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a login code; an unknown phone gets a new account',
          body: otpVerifySchema,
          response: { 200: otpLoginResponseSchema },
        },
      },
      (request) => auth.verifyLoginOtp({ ...request.body, ...client(request) }),
    );
    r.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with phone and password',
          body: passwordLoginSchema,
          response: { 200: sessionResponseSchema },
        },
      },
      (request) => auth.loginWithPassword({ ...request.body, ...client(request) }),
    );
    r.post(
      '/auth/logout',
      {
        preValidation: guards.user,
        schema: {
          tags: ['auth'],
          summary: 'Revoke this session',
          ...secured,
          body: noBody,
          response: { 200: ok },
        },
      },
      async (request) => {
        await auth.logout(userOf(request).sessionId);
        return { ok: true as const };
      },
    );
    r.get(
      '/me',
      {
        preValidation: guards.user,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user and their shops',
          ...secured,
          response: { 200: meResponseSchema },
        },
      },
      (request) => auth.me(userOf(request).userId),
    );
    r.post(
      '/auth/phone-exists',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether a phone has an account (and a password)',
          body: z.object({ phone: phoneSchema }),
          response: { 200: z.object({ exists: z.boolean(), hasPassword: z.boolean() }) },
        },
      },
      (request) => auth.phoneExists({ phone: request.body.phone, ...client(request) }),
    );
    r.post(
      '/auth/password/change',
      {
        preValidation: guards.user,
        schema: {
          tags: ['auth'],
          summary: 'Change password',
          ...secured,
          body: changePasswordSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        const principal = userOf(request);
        await auth.changePassword({
          ...request.body,
          userId: principal.userId,
          sessionId: principal.sessionId,
          ...client(request),
        });
        return { ok: true as const };
      },
    );
    r.post(
      '/auth/password/reset/otp',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset code',
          body: otpRequestSchema,
          response: { 200: otpSentSchema },
        },
      },
      (request) => auth.requestPasswordReset({ phone: request.body.phone, ...client(request) }),
    );
    r.post(
      '/auth/password/reset',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset code',
          body: resetPasswordSchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        await auth.resetPassword({ ...request.body, ...client(request) });
        return { ok: true as const };
      },
    );
    r.post(
      '/auth/temporary-access-token',
      {
        preValidation: guards.user,
        schema: {
          tags: ['auth'],
          summary: 'A 15-minute token limited to one action on one entity',
          description:
            'Only for oneself (else 403) and for an entity the caller may see: a shop they work in, or ' +
            'a parcel (ID or tracking ID) of such a shop. Anything else, invoices and loans included ' +
            '(none exist yet), is 404 and no token is made.',
          ...secured,
          // Checked field by field in the service, so a missing field gets the spec's message.
          body: z.object({
            temporaryAllowedAction: z.enum(temporaryActions).or(z.string()).optional(),
            identityType: z.string().optional(),
            identityValue: z.string().optional(),
            entityType: z.string().optional(),
            entityValue: z.string().optional(),
          }),
          response: {
            200: z.object({
              temporaryAccessToken: z.string(),
              expiresAt: z.date(),
              allowedAction: z.string(),
            }),
          },
        },
      },
      (request) => auth.createTemporaryToken({ userId: userOf(request).userId, body: request.body }),
    );

    r.post(
      '/merchant/registration/otp',
      {
        schema: {
          tags: ['registration'],
          summary: 'Send a sign-up code',
          body: otpRequestSchema,
          response: { 200: otpSentSchema },
        },
      },
      (request) => auth.requestRegistrationOtp({ phone: request.body.phone, ...client(request) }),
    );
    r.post(
      '/merchant/registration/otp/verify',
      {
        schema: {
          tags: ['registration'],
          summary: 'Check a sign-up code before the personal details step',
          body: z.object({ phone: phoneSchema, code: otpCodeSchema }),
          response: { 200: z.object({ verified: z.literal(true) }) },
        },
      },
      async (request) => {
        await auth.verifyRegistrationOtp(request.body);
        return { verified: true as const };
      },
    );
    r.post(
      '/merchant/registration',
      {
        schema: {
          tags: ['registration'],
          summary: 'Register a merchant and the first shop',
          body: registrationSchema,
          response: { 201: registrationResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await auth.register({ ...request.body, ...client(request) });
        return reply.status(201).send(result);
      },
    );
  };
}
