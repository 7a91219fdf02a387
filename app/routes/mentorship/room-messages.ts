import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { roomPoll, roomPost } from "#app/features/mentorship/room-pages.server.ts";
import { pageFormsOrJson, type RouteHandle } from "#app/lib/http/route-handle.ts";
import type { Route } from "./+types/room-messages";

/** The room's page posts JSON here (a WebRTC offer with its candidates is a few kilobytes), and waits here for what others send. */
export const handle: RouteHandle = { body: pageFormsOrJson, waits: true };

const signedOut = () => data({ message: "Sign in to enter the room." }, { status: 401 });

/** What the others in the room sent this page (a long poll). */
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return signedOut();
  return roomPoll(context.get(servicesContext), user, params.id, url, request.signal);
}

/** Entering and leaving the room, and what this page sends the others. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user) return signedOut();
  return roomPost(context.get(servicesContext), user, params.id, request);
}
