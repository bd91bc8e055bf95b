import { staffLoginSchema, staffSchema, staffVerifySchema } from '@dak/domain/auth';
import { riderLoginSchema } from '@dak/domain/operations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBody, okSchema } from '../../lib/schemas';
import { type Guards, staffOf } from '../../plugins/auth';
import {
  clearStaffCookie,
  fromConsole,
  type StaffCookieOptions,
  setStaffCookie,
} from '../../plugins/staff-cookie';
import type { AuthRepository } from './auth.repository';
import type { SessionsService } from './sessions.service';
import type { StaffAuthService } from './staff-auth.service';

/** The answer to a sign-in step that sent a code. */
const otpSentSchema = z.object({
  otpSent: z.literal(true),
  resendAfterSeconds: z.number(),
  expiresInSeconds: z.number(),
});

/** Operations console sign-in: password, then a code; and the signed-in staff member. */
export function staffAuthRoutes(deps: {
  staffAuth: StaffAuthService;
  guards: Guards;
  repo: AuthRepository;
  sessions: SessionsService;
  cookie: StaffCookieOptions;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/ops/auth/login',
      {
        schema: {
          tags: ['ops'],
          summary: 'Check staff phone and password, then send a code',
          body: staffLoginSchema,
          response: { 200: otpSentSchema },
        },
      },
      (request) =>
        deps.staffAuth.login({ ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
    r.post(
      '/ops/auth/rider-login',
      {
        schema: {
          tags: ['ops'],
          summary: "Send a sign-in code to an active rider's phone (then /ops/auth/verify)",
          body: riderLoginSchema,
          response: { 200: otpSentSchema },
        },
      },
      (request) =>
        deps.staffAuth.riderLogin({
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
    );
    r.post(
      '/ops/auth/verify',
      {
        schema: {
          tags: ['ops'],
          summary: 'Finish staff sign-in with the code',
          description:
            'The console sends `X-Dak-Console: 1`: the session then comes as an httpOnly cookie only, ' +
            'never in the body. Other clients get the bearer token.',
          body: staffVerifySchema,
          response: { 200: z.object({ token: z.string().optional(), staff: staffSchema }) },
        },
      },
      async (request, reply) => {
        const session = await deps.staffAuth.verify({
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        if (!fromConsole(request)) return session;
        setStaffCookie(reply, session.token, deps.cookie);
        return { staff: session.staff };
      },
    );
    r.get(
      '/ops/me',
      {
        preValidation: deps.guards.staff(),
        schema: {
          tags: ['ops'],
          summary: 'The signed-in staff member',
          security: [{ bearer: [] }],
          response: { 200: z.object({ staff: staffSchema }) },
        },
      },
      async (request) => {
        const staff = await deps.repo.findStaffById(staffOf(request).staffId);
        if (!staff) throw new Error('staff vanished');
        return { staff: { id: staff.id, phone: staff.phone, name: staff.name, role: staff.role } };
      },
    );
    r.post(
      '/ops/auth/logout',
      {
        preValidation: deps.guards.staff(),
        schema: {
          tags: ['ops'],
          summary: 'Revoke this staff session',
          security: [{ bearer: [] }],
          body: noBody,
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        await deps.sessions.revoke(staffOf(request).sessionId);
        clearStaffCookie(reply, deps.cookie);
        return { ok: true as const };
      },
    );
  };
}
