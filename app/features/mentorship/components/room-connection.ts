// The browser's side of a live room: one RTCPeerConnection to each other person (a mesh: a room
// holds at most seven), with the site relaying the WebRTC messages (offers, answers, candidates).
// Who joins makes the offers to those already there, so two offers never cross.

export type RoomRole = "mentor" | "student" | "admin";

export interface Participant {
  peer: string;
  name: string;
  role: RoomRole;
  /** The connection's state, as RTCPeerConnection says it ("new" until one exists). */
  state: RTCPeerConnectionState;
  stream: MediaStream | null;
}

export interface ChatLine {
  id: string;
  name: string;
  text: string;
  at: string;
}

interface ServerMessage {
  id: string;
  kind: "join" | "leave" | "signal" | "chat";
  from: string;
  name: string;
  body: string;
  at: string;
}

type Signal = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit };

export interface RoomEvents {
  participants(list: Participant[]): void;
  chat(line: ChatLine): void;
  /** Something went wrong that the person should know (the room is full, the connection to the site dropped). */
  problem(message: string | null): void;
}

class RefusedByRoom extends Error {}

async function answerOf(response: Response) {
  if (response.ok) return response.status === 204 ? null : ((await response.json()) as unknown);
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  throw new RefusedByRoom(body?.message ?? `The room answered ${response.status}.`);
}

export class RoomConnection {
  private peer: string | null = null;
  private readonly connections = new Map<string, RTCPeerConnection>();
  private readonly pendingCandidates = new Map<string, RTCIceCandidateInit[]>();
  private readonly people = new Map<string, Participant>();
  /** The number of the room's last message read. */
  private after = 0;
  private running = false;
  private iceServers: RTCIceServer[] = [];
  private sharing: MediaStreamTrack | null = null;
  private readonly address: string;
  private readonly local: MediaStream;
  private readonly events: RoomEvents;

  constructor(bookingId: string, local: MediaStream, events: RoomEvents) {
    this.address = `/mentorship/bookings/${bookingId}/room/messages`;
    this.local = local;
    this.events = events;
  }

  private post(body: Record<string, unknown>) {
    return fetch(this.address, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    }).then(answerOf);
  }

  private publish() {
    this.events.participants([...this.people.values()]);
  }

  async join() {
    const joined = (await this.post({ intent: "join" })) as {
      peer: string;
      present: { peer: string; name: string; role: RoomRole }[];
      after: number;
      iceServers: RTCIceServer[];
    };
    this.peer = joined.peer;
    this.iceServers = joined.iceServers;
    this.after = joined.after;
    this.running = true;
    for (const other of joined.present) {
      this.people.set(other.peer, { ...other, state: "new", stream: null });
      void this.offerTo(other.peer);
    }
    this.publish();
    void this.listen();
  }

  /** Sends a line of chat; the others get it through the site. */
  async say(text: string): Promise<ChatLine> {
    const { message } = (await this.post({ intent: "chat", peer: this.peer, text })) as { message: ChatLine };
    return message;
  }

  /** Shares the screen in place of the camera, until `stop` or the browser's own "Stop sharing". */
  async shareScreen(): Promise<MediaStream> {
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
    const track = screen.getVideoTracks()[0]!;
    this.sharing = track;
    await this.sendVideo(track);
    track.addEventListener("ended", () => void this.stopSharing());
    return screen;
  }

  async stopSharing() {
    this.sharing?.stop();
    this.sharing = null;
    await this.sendVideo(this.local.getVideoTracks()[0] ?? null);
  }

  get isSharing() {
    return this.sharing !== null;
  }

  private async sendVideo(track: MediaStreamTrack | null) {
    for (const connection of this.connections.values()) {
      const sender = connection.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === "video")?.sender;
      await sender?.replaceTrack(track);
    }
  }

  /** Leaves: the others are told, every connection closed. */
  leave() {
    if (!this.running) return;
    this.running = false;
    // keepalive: the request outlives a page being closed.
    void fetch(this.address, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ intent: "leave", peer: this.peer }),
      keepalive: true,
    }).catch(() => {});
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
    this.people.clear();
    this.sharing?.stop();
    this.publish();
  }

  private async listen() {
    let failures = 0;
    while (this.running) {
      try {
        const response = await fetch(`${this.address}?peer=${this.peer}&after=${this.after}`, { headers: { Accept: "application/json" } });
        const { messages, after } = (await answerOf(response)) as { messages: ServerMessage[]; after: number };
        failures = 0;
        this.events.problem(null);
        this.after = after;
        for (const message of messages) await this.receive(message);
      } catch (error) {
        if (error instanceof RefusedByRoom) {
          this.events.problem(error.message);
          this.leave();
          return;
        }
        failures += 1;
        this.events.problem("The connection to the site dropped: trying again…");
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, 10_000)));
      }
    }
  }

  private async receive(message: ServerMessage) {
    if (message.kind === "chat") return this.events.chat({ id: message.id, name: message.name, text: message.body, at: message.at });
    if (message.kind === "join") {
      this.people.set(message.from, { ...this.personOf(message), role: message.body as RoomRole });
      return this.publish();
    }
    if (message.kind === "leave") {
      this.connections.get(message.from)?.close();
      this.connections.delete(message.from);
      this.people.delete(message.from);
      return this.publish();
    }
    // Its offer may come before its arrival (stored in the same millisecond).
    if (!this.people.has(message.from)) this.people.set(message.from, this.personOf(message));
    const signal = JSON.parse(message.body) as Signal;
    if ("description" in signal) await this.described(message.from, signal.description);
    else await this.candidate(message.from, signal.candidate);
  }

  private personOf(message: ServerMessage): Participant {
    return this.people.get(message.from) ?? { peer: message.from, name: message.name, role: "student", state: "new", stream: null };
  }

  private connectionTo(peer: string): RTCPeerConnection {
    let connection = this.connections.get(peer);
    if (connection) return connection;
    connection = new RTCPeerConnection({ iceServers: this.iceServers });
    this.connections.set(peer, connection);
    const made = connection;
    made.addEventListener("icecandidate", ({ candidate }) => {
      if (candidate)
        void this.post({ intent: "signal", peer: this.peer, to: peer, signal: { candidate: candidate.toJSON() } }).catch(() => {});
    });
    made.addEventListener("track", ({ track }) => {
      const person = this.people.get(peer);
      if (!person) return;
      const stream = person.stream ?? new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.people.set(peer, { ...person, stream });
      this.publish();
    });
    made.addEventListener("connectionstatechange", () => {
      const person = this.people.get(peer);
      if (person) this.people.set(peer, { ...person, state: made.connectionState });
      this.publish();
    });
    return made;
  }

  /** The track this page sends of a kind: the screen while sharing, else its own. */
  private trackOf(kind: string) {
    if (kind === "video" && this.sharing) return this.sharing;
    return this.local.getTracks().find((track) => track.kind === kind) ?? null;
  }

  private async offerTo(peer: string) {
    const connection = this.connectionTo(peer);
    for (const kind of ["audio", "video"]) connection.addTransceiver(this.trackOf(kind) ?? kind, { direction: "sendrecv" });
    await connection.setLocalDescription();
    await this.post({ intent: "signal", peer: this.peer, to: peer, signal: { description: connection.localDescription!.toJSON() } });
  }

  private async described(peer: string, description: RTCSessionDescriptionInit) {
    const connection = this.connectionTo(peer);
    await connection.setRemoteDescription(description);
    for (const candidate of this.pendingCandidates.get(peer) ?? []) await connection.addIceCandidate(candidate).catch(() => {});
    this.pendingCandidates.delete(peer);
    if (description.type !== "offer") return;
    for (const transceiver of connection.getTransceivers()) {
      await transceiver.sender.replaceTrack(this.trackOf(transceiver.receiver.track.kind));
      transceiver.direction = "sendrecv";
    }
    await connection.setLocalDescription();
    await this.post({ intent: "signal", peer: this.peer, to: peer, signal: { description: connection.localDescription!.toJSON() } });
  }

  private async candidate(peer: string, candidate: RTCIceCandidateInit) {
    const connection = this.connections.get(peer);
    if (connection?.remoteDescription) await connection.addIceCandidate(candidate).catch(() => {});
    else this.pendingCandidates.set(peer, [...(this.pendingCandidates.get(peer) ?? []), candidate]);
  }
}
