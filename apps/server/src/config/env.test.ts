import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      admin: { email: 'admin@plotline.local', password: undefined },
      jwtSecret: undefined,
      publicUrl: 'http://localhost:8080',
      mail: { smtpUrl: undefined, from: 'Plotline <no-reply@plotline.local>' },
      trustProxy: false,
      ffmpeg: { ffmpegPath: undefined, ffprobePath: undefined },
      transcodeWorkers: 1,
      queueTiming: {
        heartbeatSeconds: 30,
        monitorIntervalSeconds: 15,
        retryDelaySeconds: 30,
        retryLimit: 3,
        pollingIntervalSeconds: 1,
      },
      logLevel: 'info',
      appCompanyId: undefined,
      clockOffsetFile: undefined,
      termsFile: undefined,
      maintenance: false,
      identityProviders: [],
      metrics: { token: undefined, port: undefined },
      s3: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/plotline',
      DATABASE_URL: 'postgres://db.internal/plotline',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'correct horse',
      JWT_SECRET: 's'.repeat(40),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://studio.example.com/',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Studio <studio@example.com>',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      TRANSCODE_WORKERS: '0',
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_RETRY_DELAY_SECONDS: '1',
      APP_COMPANY_ID: '7',
      CLOCK_OFFSET_FILE: '/tmp/plotline-clock-offset',
      TERMS_FILE: '/etc/plotline/terms.md',
      METRICS_TOKEN: 'a-scrape-token-of-some-length',
      METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({
      metrics: { token: 'a-scrape-token-of-some-length', port: 9464 },
      appCompanyId: 7,
      clockOffsetFile: '/tmp/plotline-clock-offset',
      termsFile: '/etc/plotline/terms.md',
      ffmpeg: { ffmpegPath: '/opt/ffmpeg/bin/ffmpeg', ffprobePath: '/opt/ffmpeg/bin/ffprobe' },
      transcodeWorkers: 0,
      queueTiming: { heartbeatSeconds: 10, monitorIntervalSeconds: 5, retryDelaySeconds: 1 },
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/plotline',
      databaseUrl: 'postgres://db.internal/plotline',
      admin: { email: 'root@example.com', password: 'correct horse' },
      trustProxy: true,
      logLevel: 'warn',
      publicUrl: 'https://studio.example.com',
      mail: { smtpUrl: 'smtp://mail.example.com:587', from: 'Studio <studio@example.com>' },
    });
  });

  it('keeps media on S3 when S3_BUCKET is set', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'plotline-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.com/media/',
      }).s3,
    ).toEqual({
      bucket: 'plotline-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/media',
      signedUrls: false,
    });
    expect(loadConfig({ S3_BUCKET: 'media', S3_SIGNED_URLS: 'true' }).s3).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      publicUrl: undefined,
      signedUrls: true,
    });
  });

  it('refuses S3 settings that cannot work together', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: missing; set it to keep media on S3, or unset S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() =>
      loadConfig({
        S3_BUCKET: 'media',
        S3_PUBLIC_URL: 'https://cdn.example.com',
        S3_SIGNED_URLS: 'true',
      }),
    ).toThrow(/S3_PUBLIC_URL and S3_SIGNED_URLS=true exclude each other/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
  });

  it('bases mail links on the port when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('switches each identity provider on by its variables, in the order google, microsoft, generic', () => {
    const secrets = (prefix: string) => ({
      [`${prefix}_CLIENT_ID`]: `${prefix}-id`,
      [`${prefix}_CLIENT_SECRET`]: `${prefix}-secret`,
    });
    expect(
      loadConfig({
        ...secrets('OIDC_GENERIC'),
        OIDC_GENERIC_ISSUER: 'https://sso.acme.example/realms/staff',
        OIDC_GENERIC_NAME: 'Acme SSO',
        ...secrets('OIDC_MICROSOFT'),
        ...secrets('OIDC_GOOGLE'),
      }).identityProviders,
    ).toEqual([
      {
        kind: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'OIDC_GOOGLE-id',
        clientSecret: 'OIDC_GOOGLE-secret',
      },
      {
        kind: 'microsoft',
        name: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/common/v2.0',
        clientId: 'OIDC_MICROSOFT-id',
        clientSecret: 'OIDC_MICROSOFT-secret',
      },
      {
        kind: 'generic',
        name: 'Acme SSO',
        issuer: 'https://sso.acme.example/realms/staff',
        clientId: 'OIDC_GENERIC-id',
        clientSecret: 'OIDC_GENERIC-secret',
      },
    ]);
    expect(
      loadConfig({ ...secrets('OIDC_MICROSOFT'), OIDC_MICROSOFT_TENANT: 'contoso.onmicrosoft.com' })
        .identityProviders[0]!.issuer,
    ).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0');
    expect(
      loadConfig({ ...secrets('OIDC_GOOGLE'), OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9400' })
        .identityProviders[0]!.issuer,
    ).toBe('http://127.0.0.1:9400');
  });

  it('refuses half an identity provider, naming what is missing', () => {
    expect(() => loadConfig({ OIDC_GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /OIDC_GOOGLE_CLIENT_SECRET: missing; set it to sign in with google/,
    );
    expect(() =>
      loadConfig({ OIDC_GENERIC_CLIENT_ID: 'id', OIDC_GENERIC_CLIENT_SECRET: 'secret' }),
    ).toThrow(/OIDC_GENERIC_ISSUER: missing[^]*OIDC_GENERIC_NAME: missing/);
    expect(() => loadConfig({ OIDC_MICROSOFT_TENANT: 'a/b' })).toThrow(
      /OIDC_MICROSOFT_TENANT must be a tenant id or domain/,
    );
  });

  it('takes the queue timing within its bounds, checking an odd heartbeat at the next whole second', () => {
    const timing = (env: Record<string, string>) => loadConfig(env).queueTiming;
    expect(
      timing({ JOB_HEARTBEAT_SECONDS: '3600', JOB_RETRY_DELAY_SECONDS: '3600' }),
    ).toMatchObject({
      heartbeatSeconds: 3600,
      monitorIntervalSeconds: 1800,
      retryDelaySeconds: 3600,
    });
    expect(timing({ JOB_HEARTBEAT_SECONDS: '11' })).toMatchObject({
      heartbeatSeconds: 11,
      monitorIntervalSeconds: 6,
      retryDelaySeconds: 30,
    });
    const heartbeat =
      'JOB_HEARTBEAT_SECONDS: JOB_HEARTBEAT_SECONDS must be a whole number of seconds from 10 to 3600';
    for (const value of ['9', '3601', '12.5', 'half a minute', '30s', '-30']) {
      expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: value }), value).toThrow(heartbeat);
    }
    const retryDelay =
      'JOB_RETRY_DELAY_SECONDS: JOB_RETRY_DELAY_SECONDS must be a whole number of seconds from 1 to 3600';
    for (const value of ['0', '3601', '0.5', 'soon']) {
      expect(() => loadConfig({ JOB_RETRY_DELAY_SECONDS: value }), value).toThrow(retryDelay);
    }
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'short',
        JWT_SECRET: 'tiny',
        TRANSCODE_WORKERS: 'many',
        METRICS_TOKEN: 'guessable',
      }),
    ).toThrow(
      /PORT[\s\S]*DATABASE_URL must start with postgres[\s\S]*ADMIN_PASSWORD must have at least 8[\s\S]*JWT_SECRET[\s\S]*TRANSCODE_WORKERS[\s\S]*METRICS_TOKEN must have at least 16/,
    );
  });
});
