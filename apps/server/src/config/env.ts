import path from 'node:path';
import { INT4_MAX, type IdentityProviderKind } from '@plotline/core';
import { z } from 'zod';
import {
  DEFAULT_QUEUE_TIMING,
  jobQueueTiming,
  type JobQueueTiming,
} from '../adapters/job-queue.ts';
import type { S3Settings } from '../adapters/s3-blob-store.ts';

function wholeSeconds(variable: string, min: number, max: number) {
  const message = `${variable} must be a whole number of seconds from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/**
 * The only reader of process.env. Every variable is documented in README.md ("Configuration");
 * keep the two in step.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_EMAIL: z.email().default('admin@plotline.local'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be an absolute URL such as https://studio.example.com' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Plotline <no-reply@plotline.local>'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  TRANSCODE_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  // pg-boss refuses a heartbeat under 10 s; an hour at most catches milliseconds given for seconds.
  JOB_HEARTBEAT_SECONDS: wholeSeconds('JOB_HEARTBEAT_SECONDS', 10, 3600).default(
    DEFAULT_QUEUE_TIMING.heartbeatSeconds,
  ),
  JOB_RETRY_DELAY_SECONDS: wholeSeconds('JOB_RETRY_DELAY_SECONDS', 1, 3600).default(
    DEFAULT_QUEUE_TIMING.retryDelaySeconds,
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAINTENANCE: z
    .enum(['true', 'false'], { error: 'MAINTENANCE must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  APP_COMPANY_ID: z.coerce
    .number()
    .int()
    .min(1, 'APP_COMPANY_ID must be a company id')
    .max(INT4_MAX, 'APP_COMPANY_ID must be a company id')
    .optional(),
  CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  TERMS_FILE: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3, 'S3_BUCKET must be a bucket name').optional(),
  S3_ENDPOINT: z
    .url({ error: 'S3_ENDPOINT must be an absolute URL such as http://127.0.0.1:9000' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  S3_PUBLIC_URL: z
    .url({ error: 'S3_PUBLIC_URL must be an absolute URL such as https://cdn.example.com' })
    .optional(),
  S3_SIGNED_URLS: z
    .enum(['true', 'false'], { error: 'S3_SIGNED_URLS must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_GOOGLE_ISSUER: issuerUrl('OIDC_GOOGLE_ISSUER').default('https://accounts.google.com'),
  OIDC_MICROSOFT_CLIENT_ID: z.string().optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().optional(),
  OIDC_MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'OIDC_MICROSOFT_TENANT must be a tenant id or domain')
    .default('common'),
  OIDC_MICROSOFT_ISSUER: issuerUrl('OIDC_MICROSOFT_ISSUER').optional(),
  OIDC_GENERIC_ISSUER: issuerUrl('OIDC_GENERIC_ISSUER').optional(),
  OIDC_GENERIC_CLIENT_ID: z.string().optional(),
  OIDC_GENERIC_CLIENT_SECRET: z.string().optional(),
  OIDC_GENERIC_NAME: z
    .string()
    .max(60, 'OIDC_GENERIC_NAME must have at most 60 characters')
    .optional(),
});

/** An identity provider the server offers (see README, "Sign-in with identity providers"). */
export interface IdentityProviderConfig {
  kind: IdentityProviderKind;
  /** As the sign-in buttons name it. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function issuerUrl(variable: string) {
  return z.url({ error: `${variable} must be an absolute URL such as https://id.example.com` });
}

/**
 * The configured providers, in the order google, microsoft, generic. A kind is on when its client id
 * and secret are set (generic: its issuer and name too); some of them but not all is an error naming
 * what is missing.
 */
function identityProviders(e: z.infer<typeof envSchema>): {
  providers: IdentityProviderConfig[];
  problems: string[];
} {
  const kinds: Array<{
    kind: IdentityProviderKind;
    prefix: string;
    fields: Record<string, string | undefined>;
    name: string | undefined;
    issuer: string | undefined;
  }> = [
    {
      kind: 'google',
      prefix: 'OIDC_GOOGLE',
      fields: { CLIENT_ID: e.OIDC_GOOGLE_CLIENT_ID, CLIENT_SECRET: e.OIDC_GOOGLE_CLIENT_SECRET },
      name: 'Google',
      issuer: e.OIDC_GOOGLE_ISSUER,
    },
    {
      kind: 'microsoft',
      prefix: 'OIDC_MICROSOFT',
      fields: {
        CLIENT_ID: e.OIDC_MICROSOFT_CLIENT_ID,
        CLIENT_SECRET: e.OIDC_MICROSOFT_CLIENT_SECRET,
      },
      name: 'Microsoft',
      issuer:
        e.OIDC_MICROSOFT_ISSUER ??
        `https://login.microsoftonline.com/${e.OIDC_MICROSOFT_TENANT}/v2.0`,
    },
    {
      kind: 'generic',
      prefix: 'OIDC_GENERIC',
      fields: {
        ISSUER: e.OIDC_GENERIC_ISSUER,
        CLIENT_ID: e.OIDC_GENERIC_CLIENT_ID,
        CLIENT_SECRET: e.OIDC_GENERIC_CLIENT_SECRET,
        NAME: e.OIDC_GENERIC_NAME,
      },
      name: e.OIDC_GENERIC_NAME,
      issuer: e.OIDC_GENERIC_ISSUER,
    },
  ];
  const providers: IdentityProviderConfig[] = [];
  const problems: string[] = [];
  for (const { kind, prefix, fields, name, issuer } of kinds) {
    const missing = Object.keys(fields).filter((field) => fields[field] === undefined);
    if (missing.length === Object.keys(fields).length) continue;
    if (missing.length > 0) {
      problems.push(
        ...missing.map(
          (field) =>
            `${prefix}_${field}: missing; set it to sign in with ${kind}, or unset the other ${prefix}_ variables`,
        ),
      );
      continue;
    }
    providers.push({
      kind,
      name: name!,
      issuer: issuer!,
      clientId: fields.CLIENT_ID!,
      clientSecret: fields.CLIENT_SECRET!,
    });
  }
  return { providers, problems };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { email: string; password: string | undefined };
  jwtSecret: string | undefined;
  /** Where users reach the studio; the base of the links in mails. */
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  trustProxy: boolean;
  /** Explicit ffmpeg and ffprobe executables; unset, the system's, else the packaged fallback. */
  ffmpeg: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  /** Transcode jobs the API process runs at once; 0 leaves them to `npm run worker` processes. */
  transcodeWorkers: number;
  /**
   * How soon a job of a dead worker is taken up again (JOB_HEARTBEAT_SECONDS,
   * JOB_RETRY_DELAY_SECONDS), the same in the API process and `npm run worker`.
   */
  queueTiming: JobQueueTiming;
  logLevel: string;
  /** MAINTENANCE=true: maintenance mode on, whatever the studio's switch says. */
  maintenance: boolean;
  /** The platform company operating the mobile app; unset, the oldest active platform company. */
  appCompanyId: number | undefined;
  /** Tests and demos: the server's clock runs this file's milliseconds ahead (adapters/clock.ts). */
  clockOffsetFile: string | undefined;
  /** The operator's terms page, a Markdown file; unset, the template shipped in content/terms.md. */
  termsFile: string | undefined;
  /** The identity providers to offer for sign-in (OIDC_*), in the order google, microsoft, generic. */
  identityProviders: IdentityProviderConfig[];
  /** Media on an S3-compatible bucket (S3_*); null keeps it in DATA_DIR/blobs. */
  s3: S3Settings | null;
  /**
   * Prometheus metrics at /metrics for the bearer of `token`; unset, none are served. `port`: where
   * `npm run worker`, which has no HTTP side otherwise, serves its own.
   */
  metrics: { token: string | undefined; port: number | undefined };
}

/** The bucket's settings when S3_BUCKET is set; the other S3_ variables alone are a mistake. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | null {
  const problems: string[] = [];
  const others = [
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
  ] as const;
  if (!e.S3_BUCKET) {
    const set = others.filter((name) => e[name] !== undefined);
    if (set.length === 0) return null;
    problems.push(`S3_BUCKET: missing; set it to keep media on S3, or unset ${set.join(', ')}`);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  if (e.S3_PUBLIC_URL && e.S3_SIGNED_URLS) {
    problems.push(
      'S3_PUBLIC_URL and S3_SIGNED_URLS=true exclude each other: signed URLs point at the bucket itself',
    );
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    signedUrls: e.S3_SIGNED_URLS,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as a blank line in a .env file would.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const oidc = identityProviders(e);
  if (oidc.problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${oidc.problems.join('\n  ')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    trustProxy: e.TRUST_PROXY,
    ffmpeg: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH },
    transcodeWorkers: e.TRANSCODE_WORKERS,
    queueTiming: jobQueueTiming(e.JOB_HEARTBEAT_SECONDS, e.JOB_RETRY_DELAY_SECONDS),
    logLevel: e.LOG_LEVEL,
    maintenance: e.MAINTENANCE,
    appCompanyId: e.APP_COMPANY_ID,
    clockOffsetFile: e.CLOCK_OFFSET_FILE && path.resolve(e.CLOCK_OFFSET_FILE),
    termsFile: e.TERMS_FILE && path.resolve(e.TERMS_FILE),
    identityProviders: oidc.providers,
    s3: s3Settings(e),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}
