/** The database as Kysely sees it. Timestamps are ISO-8601 UTC strings on every engine. */
export interface Database {
  newsletter_subscriptions: {
    id: string;
    email: string;
    created_at: string;
  };
  accounts: {
    id: string;
    name: string;
    email: string;
    phone: string;
    address: string | null;
    password_hash: string;
    created_at: string;
    updated_at: string;
  };
  login_failures: {
    key: string;
    count: number;
    last_failure_at: string;
  };
  rate_limits: {
    key: string;
    window_start: string;
    count: number;
  };
}
