import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedActor } from "./cases";

export interface ChatWorld {
  caseId: string;
  caseNumber: string;
  owner: UserActor;
  lawyer: UserActor;
  otherLawyer: UserActor;
  admin: UserActor;
  stranger: UserActor;
}

/** Assigns a case to a lawyer as the allocation would. */
export async function assignTo(caseId: string, lawyerId: string): Promise<void> {
  await db().updateTable("cases").set({ assigned_lawyer_id: lawyerId, status: "assigned", assigned_at: new Date() }).where("id", "=", caseId).execute();
}

/** A submitted case assigned to a lawyer, with its three parties and two people outside it. */
export async function seedChatWorld(prefix = "Chat"): Promise<ChatWorld> {
  const owner = await seedActor("user", `${prefix}Claire`, "Petit");
  const lawyer = await seedActor("lawyer", `${prefix}Louis`, "Bernard");
  const otherLawyer = await seedActor("lawyer", `${prefix}Lucie`, "Moreau");
  const admin = await seedActor("admin", `${prefix}Adele`, "Martin");
  const stranger = await seedActor("user", `${prefix}Simon`, "Durand");
  const created = await insertSubmittedCase(owner.userId);
  await assignTo(created.id, lawyer.userId);
  return { caseId: created.id, caseNumber: created.caseNumber, owner, lawyer, otherLawyer, admin, stranger };
}

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** Reads a text/event-stream body as it arrives; `next()` waits for an event matching a predicate. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let ended = false;
  let wake: (() => void) | undefined;
  let lastId: string | null = null;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let event = "message";
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const [field, ...rest] = line.split(":");
            const value = rest.join(":").replace(/^ /, "");
            if (field === "event") event = value;
            else if (field === "id") id = value;
            else if (field === "data") data.push(value);
          }
          if (id !== null) lastId = id;
          if (data.length) events.push({ id, event, data: data.join("\n") });
        }
        wake?.();
      }
    } catch {
      // cancelled
    } finally {
      ended = true;
      wake?.();
    }
  })();
  return {
    events,
    get ended() {
      return ended;
    },
    get lastEventId() {
      return lastId;
    },
    async next(match: (event: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (ended) throw new Error(`flux terminé sans l'événement attendu : ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`événement attendu non reçu : ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(left, 200));
        });
      }
    },
    async untilEnded(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error("le flux reste ouvert");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close(): Promise<void> {
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}
