/** A revocation's reason, kept in the audit log: long enough to say why, short enough to read. */
export const REVOKE_REASON_MIN_LENGTH = 5;
export const REVOKE_REASON_MAX_LENGTH = 500;
