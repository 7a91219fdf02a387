import type { ColumnType } from "kysely";

/** Drafts are seen in the staff area only. */
export type PublicationStatus = "draft" | "published";
/** A course's or quiz's: it may also be archived, put away from learners and the staff lists with its history kept. */
export type ContentStatus = PublicationStatus | "archived";
/** The formats a quiz question's text may be written in, besides plain text. */
export type RichTextFormat = "markdown" | "html";
/** Where a mentor's session happens: online (the built-in room or their meeting address) or a room on campus. */
export type MeetingMode = "online" | "campus";

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
  oidc_payloads: {
    model: string;
    id: string;
    payload: string;
    grant_id: string | null;
    user_code: string | null;
    uid: string | null;
    expires_at: string | null;
    consumed_at: string | null;
  };
  sign_in_transactions: {
    state: string;
    code_verifier: string;
    nonce: string;
    return_to: string;
    expires_at: string;
  };
  sessions: {
    id_hash: string;
    sub: string;
    name: string;
    email: string | null;
    picture: string | null;
    id_token: string;
    access_token: string;
    refresh_token: string | null;
    access_expires_at: string | null;
    created_at: string;
    last_seen_at: string;
    /** One of features/auth/roles.ts, decided at sign-in. */
    role: string;
    /** The email in lower case when the provider vouches for it, else null: roles given by address reach only these. */
    role_email: string | null;
  };
  user_roles: {
    /** Trimmed and in lower case. */
    email: string;
    role: string;
    updated_at: string;
  };
  account_links: {
    id_hash: string;
    purpose: "registration" | "password-reset" | "email-change";
    account_id: string | null;
    email: string;
    details: string | null;
    created_at: string;
    expires_at: string;
  };
  account_mails: {
    id: string;
    recipient: string;
    subject: string;
    text: string;
    created_at: string;
    status: "pending" | "sending" | "sent" | "failed";
    attempts: number;
    next_attempt_at: string | null;
    claimed_until: string | null;
    last_error: string | null;
    delivered_at: string | null;
  };
  registration_tickets: {
    id_hash: string;
    account_id: string;
    expires_at: string;
  };
  app_secrets: {
    name: string;
    value: string;
    created_at: string;
  };
  login_failures: {
    key: string;
    /** Attempts since the count started (refused ones included: they change nothing else). */
    count: number;
    /** The last attempt counted while not blocked. */
    last_failure_at: string;
    /** Set by the attempt that reached the policy's limit; attempts are refused until then. */
    blocked_until: string | null;
  };
  lesson_progress: {
    user_sub: string;
    lesson_id: string;
    course_slug: string;
    position_seconds: number;
    finished_at: string | null;
    updated_at: string;
  };
  quiz_attempts: {
    id: string;
    user_sub: string;
    quiz_slug: string;
    score: number;
    total: number;
    /** JSON: the choice made for each question, in order (see features/quizzes). */
    answers: string;
    /** JSON: the questions as they were when the attempt was scored (features/quizzes). */
    questions: string | null;
    finished_at: string;
  };
  courses: {
    slug: string;
    title: string;
    /** Markdown; empty until written. */
    description: ColumnType<string, string | undefined, string>;
    /** A site path ("/images/courses/java.svg") or a media key of an uploaded picture. */
    image_src: string;
    image_alt: string;
    image_width: number;
    image_height: number;
    status: ContentStatus;
    position: number;
    /** The quiz whose pass its certificate asks for besides every lesson finished; null: none. */
    certificate_quiz: string | null;
    /** The quiz's pass mark for the certificate, in per cent. */
    certificate_pass_percent: number;
    created_at: string;
    updated_at: string;
  };
  course_paths: {
    /** `path` in lower case: addresses match in any letter case. */
    path_key: string;
    path: string;
    course_slug: string;
    /** 0 is the course's own address, where links lead. */
    position: number;
  };
  course_listings: {
    id: string;
    course_slug: string;
    category: string;
    position: number;
    path: string;
    title: string;
    teacher: string;
    price: number;
    duration: string;
    // The typed review_count and students are no longer shown: cards count learners and ratings
    // (features/courses/learner-numbers.server.ts). Kept, written 0 for new cards, for the previous
    // build during a rolling restart.
    review_count: number;
    students: number;
  };
  lessons: {
    id: string;
    course_slug: string;
    position: number;
    title: string;
    description: string;
    status: PublicationStatus;
    /** A media key (features/media), null when the lesson has none yet. */
    video: string | null;
    /**
     * Emptied by migration 022: its captions are in lesson_captions. Kept, unread, so an instance of
     * the previous build still runs during a rolling restart.
     */
    captions: string | null;
    duration_seconds: number | null;
    /** What the learner reads with (or instead of) the video: Markdown, empty until written. */
    notes: string;
    created_at: string;
    updated_at: string;
  };
  course_ratings: {
    course_slug: string;
    user_sub: string;
    /** 1 to 5. */
    stars: number;
    created_at: string;
    updated_at: string;
  };
  /** Written by triggers only: a new random value whenever a learner's lesson_progress or course_ratings rows of a course change. */
  learner_course_versions: {
    user_sub: string;
    course_slug: string;
    version: string;
  };
  lesson_captions: {
    lesson_id: string;
    /** A BCP 47 language tag in its canonical form ("en", "hi", "en-IN"): one track per language. */
    language: string;
    /** What the player's captions menu shows. */
    label: string;
    /** The WebVTT file's media key. */
    file: string;
    position: number;
    created_at: string;
  };
  quizzes: {
    slug: string;
    title: string;
    hub_href: string;
    /** 1 when the hub links it as a plain link (a full page load), as the spec does for two. */
    plain_link: number;
    course_path: string;
    status: ContentStatus;
    position: number;
    created_at: string;
    updated_at: string;
  };
  content_teams: {
    content_kind: "course" | "quiz";
    content_slug: string;
    /** In lower case: the address the person signs in with, vouched for by the provider. */
    email: string;
    /** Owners also manage the team; teachers change the content. */
    role: "owner" | "teacher";
    added_at: string;
    /** The staff member who added them, as the audit log names people. */
    added_by: string;
  };
  certificates: {
    /** Unguessable (20 random bytes, base32): the verification address is /certificates/<id>. */
    id: string;
    user_sub: string;
    course_slug: string;
    /** The holder's name and the course's title as they were when it was issued. */
    holder_name: string;
    course_title: string;
    /** Who issues it: the college. */
    issuer: string;
    issued_at: string;
    revoked_at: string | null;
    revoked_reason: string | null;
  };
  quiz_progress: {
    user_sub: string;
    quiz_slug: string;
    /** JSON array of { question, choice } (choice: option index, null for none), in the quiz's order. */
    answers: string;
    updated_at: string;
  };
  quiz_questions: {
    id: string;
    quiz_slug: string;
    position: number;
    question: string;
    code: string | null;
    /** JSON array of the option texts. */
    options: string;
    answer: string;
    /** Why the answer is right, shown in the review; empty when none was written. */
    explanation: string;
    /** "plain": `question` (and `code`) are the question; else `text_source` is, in this format, and `question` its words. */
    text_format: "plain" | RichTextFormat;
    /** The question as written in Markdown or HTML; empty for a plain one. */
    text_source: string;
  };
  people: {
    /** The provider's subject: who this is, whichever provider. */
    sub: string;
    name: string;
    email: string | null;
    first_seen_at: string;
    last_sign_in_at: string;
    disabled_at: string | null;
    disabled_by: string | null;
  };
  /** Lesson video uploads not yet finished: whose each is, and the bytes it declared. */
  video_uploads: {
    id: string;
    owner_sub: string;
    /** A PostgreSQL bigint comes back as a string. */
    bytes: ColumnType<number | string, number, number>;
    created_at: string;
  };
  audit_log: {
    id: string;
    at: string;
    actor_sub: string;
    actor_name: string;
    action: string;
    subject: string;
    /** JSON of the record before and after the change; null where there was none. */
    before: string | null;
    after: string | null;
  };
  feedback_posts: {
    id: string;
    name: string;
    comment: string;
    image: string | null;
    rating: number;
    created_at: string;
    /** The signed-in author's subject. */
    author_sub: string | null;
    /** A visitor author's deletion token, hashed (the token itself is in their cookie). */
    author_token_hash: string | null;
    hidden_at: string | null;
    hidden_by: string | null;
  };
  contact_messages: {
    id: string;
    name: string;
    email: string;
    phone: string;
    /** "" when the person wrote none. */
    message: string;
    created_at: string;
    status: "pending" | "sending" | "sent" | "failed" | "kept";
    attempts: number;
    next_attempt_at: string | null;
    claimed_until: string | null;
    last_error: string | null;
    delivered_at: string | null;
    handled_at: string | null;
    handled_by: string | null;
  };
  contact_delivery_attempts: {
    id: string;
    message_id: string;
    attempted_at: string;
    outcome: "sent" | "failed";
    detail: string | null;
  };
  captcha_solutions: {
    key: string;
    expires_at: string;
  };
  books: {
    /** "isbn:<ISBN-13>", else "<source>:<source id>": the key a re-import updates. */
    id: string;
    isbn: string | null;
    source: string;
    source_id: string;
    title: string;
    subtitle: string | null;
    /** JSON array of names. */
    authors: string;
    /** JSON array of subject headings. */
    subjects: string;
    /** ISO 639-1 code where known ("en"), else the source's code. */
    language: string;
    page_count: number | null;
    publisher: string | null;
    published_year: number | null;
    description: string | null;
    thumbnail_url: string | null;
    saleability: "FREE" | "FOR_SALE" | "NOT_FOR_SALE";
    price_amount: number | null;
    price_currency: string | null;
    download_url: string | null;
    buy_url: string | null;
    info_url: string | null;
    created_at: string;
    updated_at: string;
    /** PostgreSQL only (SQLite keeps its index in books_fts): written by the catalogue store. */
    search?: ColumnType<string | null, unknown, unknown>;
  };
  book_subjects: {
    book_id: string;
    /** In lower case. */
    subject: string;
  };
  content_versions: {
    /** What changed: a StoredContent (app/lib/content-versions/page-cache.ts). */
    topic: string;
    /** Raised by one with every change. */
    version: number;
  };
  seed_versions: {
    /** The seed's name, e.g. "library-catalogue". */
    name: string;
    /** SHA-256 of the seed's content as last applied. */
    hash: string;
    applied_at: string;
  };
  reading_list: {
    user_sub: string;
    book_id: string;
    /** JSON: the book card as it was when saved (features/library/book.ts). */
    book: string;
    added_at: string;
  };
  /** A teacher an administrator made a mentor (app/features/mentorship); on the site while `enabled_at` is set. */
  mentors: {
    sub: string;
    /** Their booking page's address: /mentorship/<slug>. */
    slug: string;
    name: string;
    email: string | null;
    bio: string;
    /** JSON array of subjects. */
    subjects: string;
    /** JSON array of course slugs. */
    courses: string;
    /** The name on the Our Team page's mentor card that links to their booking page. */
    team_card: string | null;
    /** Their own meeting address (Jitsi, BigBlueButton, Zoom…): online sessions meet there instead of the built-in room. */
    meeting_url: string | null;
    /** A booking may be cancelled until this many hours before it starts. */
    cancel_cutoff_hours: number;
    enabled_at: string | null;
    created_at: string;
    updated_at: string;
  };
  /** One weekly period of a mentor's office hours, in the college's time zone. */
  office_hours: {
    id: string;
    mentor_sub: string;
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: number;
    /** "HH:MM", the college's time. */
    starts: string;
    ends: string;
    slot_minutes: number;
    /** Students a slot takes: 1 (one-to-one) to 6. */
    capacity: number;
    mode: MeetingMode;
    /** Where on campus, for mode "campus". */
    room: string | null;
    created_at: string;
  };
  mentor_days_off: {
    mentor_sub: string;
    /** YYYY-MM-DD, the college's day. */
    day: string;
  };
  /** A slot somebody booked, with what the office hours said when it was first booked. */
  mentor_slots: {
    id: string;
    mentor_sub: string;
    starts_at: string;
    ends_at: string;
    capacity: number;
    mode: MeetingMode;
    room: string | null;
    /** Places taken by open bookings; never above capacity. */
    taken: number;
  };
  mentor_bookings: {
    id: string;
    slot_id: string;
    mentor_sub: string;
    student_sub: string;
    student_name: string;
    student_email: string | null;
    reason: string;
    about_kind: "lesson" | "quiz" | null;
    /** The lesson's or quiz's address on the site. */
    about_path: string | null;
    about_title: string | null;
    status: "booked" | "cancelled";
    attendance: "attended" | "no-show" | null;
    /** The mentor's notes after the session, for the student. */
    notes: string | null;
    created_at: string;
    cancelled_at: string | null;
    /** "student", "mentor" or "admin". */
    cancelled_by: string | null;
    marked_at: string | null;
    /** The number of its live room's last message. */
    room_seq: ColumnType<number, number | undefined, number>;
    /** Where an online session meets when not in the site's room: the mentor's meeting address when it was booked. */
    meeting_url: string | null;
  };
  /** Mails about bookings, an outbox: reminders wait here until their time. */
  mentorship_mails: {
    id: string;
    booking_id: string;
    /** "confirmation", "cancellation", "reminder-24h", "reminder-1h" (one of each per booking and recipient). */
    kind: string;
    recipient: string;
    subject: string;
    text: string;
    /** The iCalendar invitation it carries (RFC 5545), and its METHOD. */
    calendar: string | null;
    calendar_method: "REQUEST" | "CANCEL" | null;
    /** When the mail became due: retries count their 24 hours from it. */
    created_at: string;
    status: "pending" | "sending" | "sent" | "failed";
    attempts: number;
    next_attempt_at: string | null;
    claimed_until: string | null;
    last_error: string | null;
    delivered_at: string | null;
  };
  /** A person's private calendar address (/mentorship/calendar/<token>.ics); a new token revokes the old. */
  calendar_feeds: {
    sub: string;
    token: string;
    created_at: string;
  };
  /** What the people in a live room send each other: WebRTC signals (kept minutes) and the chat (kept). */
  room_messages: {
    id: string;
    booking_id: string;
    /** 1, 2, 3… in the order the room's messages were committed. */
    seq: number;
    kind: "join" | "leave" | "signal" | "chat";
    from_peer: string;
    from_sub: string;
    from_name: string;
    /** null: for everyone in the room. */
    to_peer: string | null;
    /** JSON for signals, the text for chat. */
    body: string;
    at: string;
  };
  /** Who is in a live room now: a page that connected and is still there. */
  room_peers: {
    peer: string;
    booking_id: string;
    sub: string;
    name: string;
    role: "mentor" | "student" | "admin";
    joined_at: string;
    seen_at: string;
  };
  rate_limits: {
    key: string;
    window_start: string;
    count: number;
  };
}
