/**
 * Tables the platform itself needs that are not business entities: the
 * migration record, deployment secrets, captchas, refresh tokens and sign-in
 * throttling. They live in the database (not in memory) so that several
 * server instances behind a load balancer share them.
 */
export const INFRASTRUCTURE_DDL = [
  `CREATE TABLE IF NOT EXISTS rsc_schema_migration (
     id serial PRIMARY KEY,
     entity text NOT NULL,
     statement text NOT NULL,
     applied_at timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)
   )`,
  `CREATE TABLE IF NOT EXISTS rsc_deployment_secret (
     name text PRIMARY KEY,
     value text NOT NULL,
     created_at timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)
   )`,
  // Captchas of the previous version (stored per request); kept while such instances may still run
  // beside this one in a rolling upgrade. This version's captchas are stateless (auth/captcha.ts): only
  // a redeemed one is recorded, until it expires, so that it cannot be used twice.
  `CREATE TABLE IF NOT EXISTS rsc_captcha (
     captcha_key uuid PRIMARY KEY,
     code text NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_captcha_expires ON rsc_captcha (expires_at)`,
  `CREATE TABLE IF NOT EXISTS rsc_captcha_spent (
     captcha_id uuid PRIMARY KEY,
     expires_at timestamptz NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS rsc_refresh_token (
     token_hash text PRIMARY KEY,
     family_id uuid NOT NULL,
     tenant_id varchar(12) NOT NULL,
     user_id bigint NOT NULL,
     client_id text NOT NULL,
     dept_id bigint,
     role_ids text,
     expires_at timestamptz NOT NULL,
     used_at timestamptz,
     revoked_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `ALTER TABLE rsc_refresh_token ADD COLUMN IF NOT EXISTS family_started_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_refresh_token_family ON rsc_refresh_token (family_id)`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_refresh_token_expires ON rsc_refresh_token (expires_at)`,
  // Sign-in sessions (auth/sessions.ts): checked on every authenticated request, so a logout or a
  // password change on one instance ends the session's access tokens on all of them.
  `CREATE TABLE IF NOT EXISTS rsc_session (
     id uuid PRIMARY KEY,
     tenant_id varchar(12) NOT NULL,
     user_id bigint NOT NULL,
     client_id text NOT NULL,
     password_digest text NOT NULL,
     started_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     revoked_at timestamptz
   )`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_session_user ON rsc_session (tenant_id, user_id) WHERE revoked_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_session_expires ON rsc_session (expires_at)`,
  `CREATE TABLE IF NOT EXISTS rsc_login_failure (
     tenant_id varchar(12) NOT NULL,
     account text NOT NULL,
     failures integer NOT NULL DEFAULT 0,
     first_failure_at timestamptz NOT NULL DEFAULT now(),
     locked_until timestamptz,
     PRIMARY KEY (tenant_id, account)
   )`,
  // Failed sign-ins per client address, on any account (auth/loginThrottle.ts). locked_until above is
  // no longer set: an account over its limit needs a captcha instead of being locked.
  `CREATE TABLE IF NOT EXISTS rsc_login_address_failure (
     address text PRIMARY KEY,
     failures integer NOT NULL,
     window_ends_at timestamptz NOT NULL
   )`,
  // Rate-limit counters when Redis is not configured (http/rateLimitStore.ts). UNLOGGED: no WAL per
  // request; a crash only empties the counters.
  `CREATE UNLOGGED TABLE IF NOT EXISTS rsc_rate_counter (
     bucket text PRIMARY KEY,
     hits integer NOT NULL,
     window_ends_at timestamptz NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS rsc_auth_secret (
     secret_hash text PRIMARY KEY,
     tenant_id varchar(12) NOT NULL,
     user_id bigint NOT NULL,
     remark text,
     expires_at timestamptz NOT NULL,
     created_by bigint,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE TABLE IF NOT EXISTS rsc_idempotency (
     tenant_id varchar(12) NOT NULL,
     user_id bigint NOT NULL,
     idempotency_key text NOT NULL,
     route text NOT NULL,
     response jsonb,
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (tenant_id, user_id, idempotency_key)
   )`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_idempotency_created ON rsc_idempotency (created_at)`,
  // What the first request carried (sha-256 of its query and body): the same key with another request is refused, not replayed.
  `ALTER TABLE rsc_idempotency ADD COLUMN IF NOT EXISTS request_hash text`,
  // OpenID Connect sign-ins under way: the state (stored hashed) ties the provider's answer to the
  // start, with the nonce and the PKCE verifier; single use, ten minutes.
  `CREATE TABLE IF NOT EXISTS rsc_oidc_login (
     state_hash text PRIMARY KEY,
     grant_type text NOT NULL,
     source text NOT NULL,
     tenant_id varchar(12) NOT NULL,
     client_id text NOT NULL,
     redirect_uri text NOT NULL,
     nonce text NOT NULL,
     code_verifier text NOT NULL,
     expires_at timestamptz NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_oidc_login_expires ON rsc_oidc_login (expires_at)`,
  // A verified third-party identity without a local account, waiting for user/register-guest:
  // the console holds the ticket (as oauth_id), the server keeps its hash and the identity.
  `CREATE TABLE IF NOT EXISTS rsc_oauth_registration (
     ticket_hash text PRIMARY KEY,
     tenant_id varchar(12) NOT NULL,
     source text NOT NULL,
     issuer text NOT NULL,
     subject text NOT NULL,
     profile jsonb NOT NULL,
     expires_at timestamptz NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX IF NOT EXISTS ix_rsc_oauth_registration_expires ON rsc_oauth_registration (expires_at)`,
];
