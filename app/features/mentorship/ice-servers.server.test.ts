import { describe, expect, it } from "vitest";
import { iceServersFor, turnCredentials } from "./ice-servers.server.ts";

describe("TURN credentials", () => {
  const now = new Date("2026-12-01T10:00:00Z");

  it("are made as coturn's use-auth-secret checks them: expiry:who, and base64 HMAC-SHA1 of that under the secret", () => {
    const { username, credential } = turnCredentials("a-shared-secret-of-coturn", "peer-1", now);
    // Four hours on, as Unix seconds, as the TURN REST API (draft-uberti-behave-turn-rest, which coturn follows) writes it.
    expect(username).toBe("1796133600:peer-1");
    // Computed for these inputs by another implementation (Python's hmac and base64 modules).
    expect(credential).toBe("zIHN4b64S+6e4tfhK8FN5s5Nr/w=");
  });

  it("go with the TURN servers only; STUN servers have none, and nothing is given without servers", () => {
    const servers = iceServersFor(
      {
        TURN_URLS: ["stun:stun.college.example:3478", "turn:turn.college.example:3478?transport=udp", "turns:turn.college.example:5349"],
        TURN_SECRET: "a-shared-secret-of-coturn",
      },
      "peer-1",
      now,
    );
    expect(servers).toEqual([
      { urls: ["stun:stun.college.example:3478"] },
      {
        urls: ["turn:turn.college.example:3478?transport=udp", "turns:turn.college.example:5349"],
        ...turnCredentials("a-shared-secret-of-coturn", "peer-1", now),
      },
    ]);
    expect(iceServersFor({ TURN_URLS: [], TURN_SECRET: undefined }, "peer-1", now)).toEqual([]);
  });
});
