/** The database as Kysely sees it. Timestamps are ISO-8601 UTC strings on every engine. */
export interface Database {
  newsletter_subscriptions: {
    id: string;
    email: string;
    created_at: string;
  };
  rate_limits: {
    key: string;
    window_start: string;
    count: number;
  };
}
