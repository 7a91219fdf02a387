import { useEffect, useRef, useState, type FormEvent } from "react";
import { CHAT_MESSAGE_MAX } from "../limits.ts";
import { RoomConnection, type ChatLine, type Participant, type RoomRole } from "./room-connection.ts";

const roleWords: Record<RoomRole, string> = { mentor: "mentor", student: "student", admin: "administrator" };
const stateWords: Record<RTCPeerConnectionState, string> = {
  new: "Connecting…",
  connecting: "Connecting…",
  connected: "Connected",
  disconnected: "Connection interrupted",
  failed: "Could not connect",
  closed: "Left",
};

/** A video of a stream: set from script (a stream is no address an attribute can hold). */
function StreamVideo({ stream, muted, label, peer }: { stream: MediaStream | null; muted: boolean; label: string; peer?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-peer={peer}
      className="aspect-video w-full rounded-md bg-gray-900 object-cover"
    />
  );
}

/** The two ways in: with the camera and microphone, or neither. */
const joinChoices = [
  { withMedia: true, label: "Join with camera and microphone", className: "btn-primary" },
  { withMedia: false, label: "Join to listen and chat", className: "btn-light border border-brand-700" },
];

/**
 * The room itself, once the page runs: the person's own camera, one tile per other person with the
 * state of the connection to them, buttons for the microphone, the camera and screen sharing, and
 * the chat. Entering asks for the camera and microphone (or neither, to only listen and chat).
 */
export function LiveRoom({ bookingId, initialChat, closed }: { bookingId: string; initialChat: ChatLine[]; closed: string | null }) {
  const [phase, setPhase] = useState<"outside" | "joining" | "inside" | "left">("outside");
  const [problem, setProblem] = useState<string | null>(closed);
  const [people, setPeople] = useState<Participant[]>([]);
  const [chat, setChat] = useState<ChatLine[]>(initialChat);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [sharing, setSharing] = useState(false);
  const connection = useRef<RoomConnection | null>(null);

  useEffect(() => {
    const leave = () => connection.current?.leave();
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);
  useEffect(() => () => local?.getTracks().forEach((track) => track.stop()), [local]);

  async function join(withMedia: boolean) {
    setPhase("joining");
    setProblem(null);
    let stream = new MediaStream();
    if (withMedia) {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      } catch {
        setProblem(
          "Your browser did not give the camera and microphone. You can still join to listen and chat, or allow them and try again.",
        );
        setPhase("outside");
        return;
      }
    }
    setLocal(stream);
    setPreview(stream);
    const room = new RoomConnection(bookingId, stream, {
      participants: setPeople,
      chat: (line) => setChat((lines) => (lines.some((seen) => seen.id === line.id) ? lines : [...lines, line])),
      problem: setProblem,
    });
    connection.current = room;
    try {
      await room.join();
      setPhase("inside");
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "Could not enter the room.");
      stream.getTracks().forEach((track) => track.stop());
      setLocal(null);
      setPhase("outside");
    }
  }

  function leave() {
    connection.current?.leave();
    connection.current = null;
    local?.getTracks().forEach((track) => track.stop());
    setLocal(null);
    setPreview(null);
    setSharing(false);
    setPhase("left");
  }

  function toggle(kind: "audio" | "video") {
    const on = kind === "audio" ? !micOn : !cameraOn;
    local?.getTracks().forEach((track) => {
      if (track.kind === kind) track.enabled = on;
    });
    if (kind === "audio") setMicOn(on);
    else setCameraOn(on);
  }

  async function share() {
    const room = connection.current;
    if (!room) return;
    if (room.isSharing) {
      await room.stopSharing();
      setPreview(local);
      setSharing(false);
      return;
    }
    try {
      const screen = await room.shareScreen();
      setPreview(screen);
      setSharing(true);
      screen.getVideoTracks()[0]?.addEventListener("ended", () => {
        setPreview(local);
        setSharing(false);
      });
    } catch {
      setProblem("Screen sharing was not started.");
    }
  }

  async function say(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const field = form.elements.namedItem("text") as HTMLInputElement;
    const text = field.value.trim();
    if (!text || !connection.current) return;
    try {
      const line = await connection.current.say(text);
      setChat((lines) => [...lines, line]);
      field.value = "";
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The message was not sent.");
    }
  }

  // Outside the room (never joined, or left), while it is open; not while joining.
  const joinable = phase !== "joining" && phase !== "inside" && !closed;
  const hasCamera = Boolean(local?.getVideoTracks().length);
  const hasMic = Boolean(local?.getAudioTracks().length);
  return (
    <div className="mt-6 space-y-6">
      <p role="status" aria-live="polite" className={problem ? "rounded-md bg-amber-50 p-4 text-amber-900" : "sr-only"}>
        {problem ?? (phase === "inside" ? `In the room with ${people.length} other${people.length === 1 ? "" : "s"}.` : "")}
      </p>
      {phase !== "inside" ? (
        <div className="flex flex-wrap gap-4">
          {joinChoices.map(({ withMedia, label, className }) => (
            <button
              key={label}
              type="button"
              className={className}
              aria-disabled={!joinable || undefined}
              onClick={() => joinable && void join(withMedia)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : (
        <>
          <ul aria-label="People in the room" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <li className="space-y-1">
              <StreamVideo stream={preview} muted label="You" />
              <p className="text-sm font-medium">You{sharing ? " (sharing your screen)" : ""}</p>
            </li>
            {people.map((person) => (
              <li key={person.peer} className="space-y-1">
                <StreamVideo stream={person.stream} muted={false} label={`${person.name}, ${roleWords[person.role]}`} peer={person.peer} />
                <p className="text-sm">
                  <span className="font-medium">{person.name}</span> ({roleWords[person.role]}):{" "}
                  <span data-state={person.state}>{stateWords[person.state]}</span>
                </p>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-3">
            {hasMic && (
              <button type="button" className="btn-light border border-brand-700" aria-pressed={!micOn} onClick={() => toggle("audio")}>
                Mute the microphone
              </button>
            )}
            {hasCamera && (
              <button type="button" className="btn-light border border-brand-700" aria-pressed={!cameraOn} onClick={() => toggle("video")}>
                Turn the camera off
              </button>
            )}
            <button type="button" className="btn-light border border-brand-700" aria-pressed={sharing} onClick={() => void share()}>
              Share the screen
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={leave}>
              Leave the room
            </button>
          </div>
        </>
      )}
      <section aria-labelledby="chat-heading" className="rounded-md border border-gray-300 p-4">
        <h3 id="chat-heading" className="font-bold">
          Chat
        </h3>
        <p className="text-sm text-muted">Kept with the booking: the mentor and the student can read it afterwards.</p>
        <ol aria-label="Messages" aria-live="polite" className="mt-3 max-h-72 space-y-1 overflow-y-auto">
          {chat.length === 0 && <li className="text-muted">No messages yet.</li>}
          {chat.map((line) => (
            <li key={line.id}>
              <span className="font-medium">{line.name}:</span> {line.text}
            </li>
          ))}
        </ol>
        {phase === "inside" && (
          <form onSubmit={(event) => void say(event)} className="mt-3 flex gap-2">
            <label htmlFor="chat-text" className="sr-only">
              Message
            </label>
            <input
              id="chat-text"
              name="text"
              maxLength={CHAT_MESSAGE_MAX}
              autoComplete="off"
              className="flex-1 rounded-md border border-gray-400 px-3 py-2"
            />
            <button type="submit" className="btn-primary">
              Send
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
