import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from "react";
import { AUTOMATIC_RETRY_TEXT } from "~/components/use-automatic-retry";
import { retryAfterSecondsOf, serviceBusyMessage } from "~/lib/retry-delay";
import { Form } from "react-router";
import { CaseStatusBadge } from "~/components/dashboard/case-list";
import { useHydrated } from "~/components/use-resettable-state";
import {
  CHAT_MESSAGE_MAX,
  CHAT_POLL_MILLISECONDS,
  characterCount,
  chatMessages,
  isOwnMessage,
  mergeMessages,
  normaliseMessage,
  roleTag,
  type ChatEvent,
  type ChatMessageView,
} from "~/modules/chat/chat.schema";
import type { ChatThreadView } from "~/modules/chat/chat.server";
import { ChatAttachment, ChatAttachButton, useChatUpload, type UploadState } from "./chat-attachments";
import { Button, buttonClasses, ButtonLink } from "~/components/ui/button";
import { formatDateTime, formatTime, formatWeekdayDate, parisIsoDay } from "~/lib/format";
import { PaperclipIcon } from "~/components/ui/icons";

interface Pending {
  clientId: string;
  text: string;
  fileName: string | null;
  createdAt: string;
  /** Sent again by the page itself after a 503 (decision 91): refused again, it is not retried. */
  automatic?: boolean;
}

/** The server is busy for a few seconds (503 with a short Retry-After): the send is retried once by itself. */
class ServiceBusy extends Error {
  constructor(readonly seconds: number) {
    super(serviceBusyMessage(seconds));
  }
}

const MAX_AUTOMATIC_RETRY_SECONDS = 30;

function newId(): string {
  return crypto.randomUUID();
}

/** The read mark a viewer sees: every mark for admins (spec), a discreet 'Lu' for the sender (decision 0036). */
function readMark(message: ChatMessageView, view: ChatThreadView): string | null {
  if (view.chat.viewer === "admin") return message.readAt ? "Lu" : "Non lu";
  if (message.senderId === view.viewerId && message.readAt) return "Lu";
  return null;
}

/** Whether the viewer is the recipient who marks this message read (the other side; admins only observe). */
function readsIt(message: ChatMessageView, view: ChatThreadView): boolean {
  if (message.readAt) return false;
  if (view.chat.viewer === "owner") return message.senderId !== view.chat.ownerId;
  if (view.chat.viewer === "lawyer") return message.senderId === view.chat.ownerId;
  return false;
}

/** A touch screen (no fine pointer, no hover): Enter makes a new line there and the send button sends. */
const TOUCH_QUERY = "(pointer: coarse), (hover: none)";

function subscribeToTouchQuery(onChange: () => void): () => void {
  const query = window.matchMedia(TOUCH_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useTouchScreen(): boolean {
  return useSyncExternalStore(
    subscribeToTouchQuery,
    () => window.matchMedia(TOUCH_QUERY).matches,
    () => false,
  );
}

function MessageBubble({ message, view }: { message: ChatMessageView; view: ChatThreadView }) {
  const mine = isOwnMessage(message, view.viewerId);
  const tag = roleTag[message.senderRole];
  const mark = readMark(message, view);
  return (
    <li id={`message-${message.id}`} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-message-id={message.id} data-own={mine ? "" : undefined}>
      <article
        className={`max-w-[70%] rounded-2xl px-4 py-2 shadow-sm ${mine ? "bg-brand-700 text-white" : "bg-white text-slate-900 ring-1 ring-slate-200"}`}
        aria-label={`Message de ${message.senderName}`}
      >
        <p className={`text-sm font-semibold ${mine ? "text-brand-50" : "text-slate-700"}`}>
          {message.senderName}
          {tag ? ` ${tag}` : ""}
        </p>
        {message.text ? <p className="whitespace-pre-wrap break-words">{message.text}</p> : null}
        {message.file ? <ChatAttachment caseId={view.chat.id} file={message.file} onDark={mine} /> : null}
        <p className={`mt-1 flex justify-end gap-2 text-xs ${mine ? "text-brand-50" : "text-slate-600"}`}>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatTime(message.createdAt)}
          </time>
          {mark ? <span data-read-mark="">{mark}</span> : null}
        </p>
      </article>
    </li>
  );
}

function Thread({ messages, view }: { messages: ChatMessageView[]; view: ChatThreadView }) {
  const items: React.ReactNode[] = [];
  let day = "";
  for (const message of messages) {
    const key = parisIsoDay(message.createdAt);
    if (key !== day) {
      day = key;
      items.push(
        <li key={`jour-${key}`} className="flex justify-center">
          <span className="rounded-full bg-slate-200 px-3 py-1 text-xs font-semibold text-slate-800">{formatWeekdayDate(message.createdAt)}</span>
        </li>,
      );
    }
    items.push(<MessageBubble key={message.id} message={message} view={view} />);
  }
  return <>{items}</>;
}

type Connection = "live" | "polling" | "lost";

export function ChatPanel({ view, refusal }: { view: ChatThreadView; refusal: { error: string; text: string } | null }) {
  const hydrated = useHydrated();
  const caseId = view.chat.id;
  const [messages, setMessages] = useState(view.messages);
  const [olderCursor, setOlderCursor] = useState(view.olderCursor);
  const [pending, setPending] = useState<Pending[]>([]);
  const [failed, setFailed] = useState<Pending | null>(null);
  const [text, setText] = useState(refusal?.text ?? "");
  const [error, setError] = useState<string | null>(refusal?.error ?? null);
  const [automaticRetry, setAutomaticRetry] = useState<{ seconds: number } | null>(null);
  const [connection, setConnection] = useState<Connection>("live");
  const [lostMessage, setLostMessage] = useState<string | null>(null);
  const position = useRef(view.position);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const preserveFrom = useRef<number | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const upload = useChatUpload(caseId);
  const touchScreen = useTouchScreen();
  const panelRef = useRef<HTMLElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);

  // On a phone the on-screen keyboard shrinks the visual viewport but not 100dvh: the panel follows the visual
  // viewport's height and, while the message box has the focus, keeps its bottom (the box) just above the keyboard.
  useEffect(() => {
    const viewport = window.visualViewport;
    const panel = panelRef.current;
    if (!viewport || !panel) return;
    const follow = () => {
      panel.style.setProperty("--chat-height", `${Math.round(viewport.height)}px`);
      if (document.activeElement === composerRef.current && window.matchMedia(TOUCH_QUERY).matches) panel.scrollIntoView({ block: "end" });
    };
    follow();
    viewport.addEventListener("resize", follow);
    return () => viewport.removeEventListener("resize", follow);
  }, []);

  const revealComposer = () => {
    if (!touchScreen) return;
    // The keyboard opens after the focus; scroll again once it has (the resize above also does, where it fires).
    const reveal = () => panelRef.current?.scrollIntoView({ block: "end" });
    reveal();
    setTimeout(reveal, 300);
  };

  const apply = useCallback((events: ChatEvent[]) => {
    if (events.length === 0) return;
    setMessages((current) => {
      let next = current;
      const incoming = events.filter((event) => event.kind === "message").map((event) => event.message);
      if (incoming.length) next = mergeMessages(next, incoming);
      for (const event of events) {
        if (event.kind !== "read") continue;
        const ids = new Set(event.ids);
        next = next.map((message) => (ids.has(message.id) ? { ...message, readAt: event.readAt } : message));
      }
      return next;
    });
    const arrived = new Set(events.filter((event) => event.kind === "message").map((event) => event.message.id));
    if (arrived.size) setPending((current) => current.filter((item) => !arrived.has(item.clientId)));
    position.current = Math.max(position.current, ...events.map((event) => event.position));
  }, []);

  // Live delivery: the event stream, or polling when the stream cannot be opened.
  useEffect(() => {
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const lose = (message: string) => {
      stopped = true;
      source?.close();
      clearTimeout(poll);
      setConnection("lost");
      setLostMessage(message);
    };
    const pollOnce = async () => {
      if (stopped) return;
      try {
        const response = await fetch(`/case/${caseId}/chat/events?format=json&after=${position.current}`, { headers: { Accept: "application/json" } });
        if (response.status === 404 || response.status === 403) return lose(chatMessages.lostAccess);
        if (response.ok) {
          const body = (await response.json()) as { events: ChatEvent[] };
          apply(body.events);
        }
      } catch {
        // offline: try again at the next tick
      }
      if (!stopped) poll = setTimeout(() => void pollOnce(), CHAT_POLL_MILLISECONDS);
    };
    const startPolling = () => {
      if (stopped || poll) return;
      setConnection("polling");
      void pollOnce();
    };
    if (typeof EventSource === "undefined") {
      startPolling();
    } else {
      source = new EventSource(`/case/${caseId}/chat/events?after=${position.current}`);
      const parse = (kind: "message" | "read") => (event: MessageEvent<string>) => {
        const at = Number(event.lastEventId);
        const payload = JSON.parse(event.data) as ChatMessageView | { ids: string[]; readAt: string };
        apply([kind === "message" ? { kind, position: at, message: payload as ChatMessageView } : { kind, position: at, ...(payload as { ids: string[]; readAt: string }) }]);
      };
      source.addEventListener("message", parse("message"));
      source.addEventListener("read", parse("read"));
      source.addEventListener("open", () => setConnection("live"));
      source.addEventListener("closed", (event) => {
        const body = JSON.parse((event as MessageEvent<string>).data) as { message?: string };
        lose(body.message ?? chatMessages.lostAccess);
      });
      source.addEventListener("reload", () => window.location.reload());
      source.addEventListener("error", () => {
        // The browser reconnects by itself (with Last-Event-ID) unless the stream was refused: then poll.
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          startPolling();
        }
      });
    }
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(poll);
    };
  }, [apply, caseId]);

  // Read receipts: what the other side wrote is read while this page is visible.
  const unreadForMe = messages.some((message) => readsIt(message, view));
  useEffect(() => {
    if (!unreadForMe || connection === "lost") return;
    let sent = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const markRead = () => {
      if (sent || document.visibilityState !== "visible") return;
      sent = true;
      // A refused or lost post (a busy instance, a network blip) is tried again a little later.
      const failed = () => {
        sent = false;
        retry = setTimeout(markRead, 2000);
      };
      fetch(`/case/${caseId}/chat/messages?intent=read`, { method: "POST", body: new URLSearchParams() }).then((response) => {
        if (!response.ok) failed();
      }, failed);
    };
    markRead();
    document.addEventListener("visibilitychange", markRead);
    return () => {
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", markRead);
    };
  }, [unreadForMe, caseId, connection, messages]);

  // Older pages: on reaching the top of the thread (the button remains for keyboards and screen readers).
  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const response = await fetch(`/case/${caseId}/chat/events?format=page&before=${encodeURIComponent(olderCursor)}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(chatMessages.loadFailed);
      const older = (await response.json()) as { messages: ChatMessageView[]; olderCursor: string | null };
      const list = listRef.current;
      preserveFrom.current = list ? list.scrollHeight - list.scrollTop : null;
      setMessages((current) => mergeMessages(current, older.messages));
      setOlderCursor(older.olderCursor);
    } catch {
      setError(chatMessages.loadFailed);
    } finally {
      setLoadingOlder(false);
    }
  }, [caseId, olderCursor, loadingOlder]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
    if (list.scrollTop < 40) void loadOlder();
  };

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (preserveFrom.current !== null) {
      list.scrollTop = list.scrollHeight - preserveFrom.current;
      preserveFrom.current = null;
    } else if (stickToBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
  }, [messages, pending]);

  const send = async (item: Pending, fileId: string | null) => {
    setPending((current) => [...current.filter((other) => other.clientId !== item.clientId), item]);
    setFailed(null);
    stickToBottom.current = true;
    const body = new URLSearchParams({ message: item.text, clientId: item.clientId, fileId: fileId ?? "" });
    try {
      const response = await fetch(`/case/${caseId}/chat/messages?intent=send`, { method: "POST", body, headers: { Accept: "application/json" } });
      const result = (await response.json().catch(() => ({}))) as { message?: ChatMessageView; error?: string };
      if (response.status === 404) {
        setLostMessage(chatMessages.lostAccess);
        setConnection("lost");
      }
      const busyFor = response.status === 503 ? retryAfterSecondsOf(response.headers.get("Retry-After")) : null;
      if (busyFor && busyFor <= MAX_AUTOMATIC_RETRY_SECONDS) throw new ServiceBusy(busyFor);
      if (!response.ok || !result.message) throw new Error(result.error ?? chatMessages.sendFailed);
      setMessages((current) => mergeMessages(current, [result.message!]));
      setPending((current) => current.filter((other) => other.clientId !== item.clientId));
      upload.reset();
    } catch (caught) {
      setPending((current) => current.filter((other) => other.clientId !== item.clientId));
      // Nothing typed is lost: the text goes back to the composer with the error and a retry.
      setText((current) => (current.trim() === "" ? item.text : current));
      setFailed(item);
      if (caught instanceof ServiceBusy) {
        setError(caught.message);
        if (!item.automatic) setAutomaticRetry({ seconds: caught.seconds });
        return;
      }
      const detail = caught instanceof Error && caught.message !== chatMessages.sendFailed ? caught.message : null;
      setError(detail ? `${chatMessages.sendFailed}\u202f: ${detail}` : chatMessages.sendFailed);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const normalised = normaliseMessage(text);
    const file = upload.state.kind === "done" ? upload.state : null;
    if (upload.state.kind === "uploading") return;
    if (!normalised && !file) {
      setError(chatMessages.blank);
      return;
    }
    if (characterCount(normalised) > CHAT_MESSAGE_MAX) {
      setError(chatMessages.tooLong);
      return;
    }
    setError(null);
    setAutomaticRetry(null);
    setText("");
    void send({ clientId: newId(), text: normalised, fileName: file?.name ?? null, createdAt: new Date().toISOString() }, file?.fileId ?? null);
  };

  const retry = (automatic = false) => {
    if (!failed) return;
    setAutomaticRetry(null);
    setText("");
    setError(null);
    void send({ ...failed, automatic, text: normaliseMessage(text) || failed.text }, upload.state.kind === "done" ? upload.state.fileId : null);
  };

  // After a 503, the message is sent again once, by itself, after the server's Retry-After (decision 91).
  const retryByItself = useEffectEvent(() => retry(true));
  useEffect(() => {
    if (!automaticRetry) return;
    const timer = setTimeout(retryByItself, automaticRetry.seconds * 1000);
    return () => clearTimeout(timer);
  }, [automaticRetry]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (touchScreen) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const count = characterCount(text);
  const tooLong = count > CHAT_MESSAGE_MAX;
  const composerDisabled = connection === "lost" || view.chat.status === "draft";

  return (
    <div className="mx-auto flex max-w-3xl flex-col px-0 sm:px-4 sm:py-6">
      <section
        aria-labelledby="titre-messagerie"
        ref={panelRef}
        className="flex h-[var(--chat-height,100dvh)] flex-col bg-slate-50 sm:h-[600px] sm:rounded-xl sm:shadow-sm sm:ring-1 sm:ring-slate-200"
        data-chat-panel=""
        {...upload.dropZoneProps}
      >
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 sm:rounded-t-xl">
          <div className="min-w-0">
            <h1 id="titre-messagerie" className="text-lg font-bold text-slate-900">
              Dossier {view.chat.caseNumber}
            </h1>
            <p className="flex items-center gap-2 text-sm text-slate-800">
              <span>Statut&#x202f;:</span> <CaseStatusBadge status={view.chat.status} />
            </p>
          </div>
          <ButtonLink
            variant="secondary"
            to={`/case/${caseId}`}
          >
            Voir le dossier
          </ButtonLink>
        </header>

        {lostMessage ? (
          <p role="alert" className="border-b border-red-300 bg-red-50 px-4 py-2 font-semibold text-red-900">
            {lostMessage}
          </p>
        ) : connection === "polling" ? (
          <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            Connexion en direct indisponible&#x202f;: les nouveaux messages s'affichent toutes les quelques secondes.
          </p>
        ) : null}

        <div
          ref={listRef}
          onScroll={onScroll}
          className="flex-1 overflow-y-auto px-3 py-4"
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label="Messages du dossier"
          tabIndex={0}
          data-chat-thread=""
        >
        <ol className="space-y-3">
          {olderCursor ? (
            <li className="flex justify-center">
              {hydrated ? (
                <Button
                  variant="link"
                  size="md"
                  className="rounded-md"
                  type="button"
                  onClick={() => void loadOlder()}
                  disabled={loadingOlder}
                >
                  {loadingOlder ? "Chargement…" : "Afficher les messages plus anciens"}
                </Button>
              ) : (
                <a className={buttonClasses({ variant: "link", size: "md" })} href={`/case/${caseId}/chat?before=${encodeURIComponent(olderCursor)}`}>
                  Afficher les messages plus anciens
                </a>
              )}
            </li>
          ) : null}
          {messages.length === 0 && pending.length === 0 ? (
            <li className="py-10 text-center text-slate-700">
              Aucun message pour l'instant. {view.chat.viewer === "owner" ? "Écrivez à votre avocat ci-dessous." : ""}
            </li>
          ) : null}
          <Thread messages={messages} view={view} />
          {pending.map((item) => (
            <li key={item.clientId} className="flex justify-end" data-pending="">
              <article className="max-w-[70%] rounded-2xl bg-slate-200 px-4 py-2 text-slate-900" aria-label="Message en cours d'envoi">
                {item.text ? <p className="whitespace-pre-wrap break-words">{item.text}</p> : null}
                {item.fileName ? <p className="flex items-center gap-1 text-sm"><PaperclipIcon className="size-4 shrink-0" /> {item.fileName}</p> : null}
                <p className="mt-1 text-right text-xs text-slate-700">Envoi…</p>
              </article>
            </li>
          ))}
        </ol>
        </div>

        <Form
          method="post"
          onSubmit={submit}
          className="sticky bottom-0 border-t border-slate-200 bg-white p-3 sm:rounded-b-xl"
          aria-label="Écrire un message"
        >
          {error ? (
            <div role="alert" className="mb-2 flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900" id="erreur-message">
              <span className="font-semibold">{error}</span>
              {automaticRetry ? <span>{AUTOMATIC_RETRY_TEXT}</span> : null}
              {failed ? (
                <button type="button" onClick={() => retry()} className="min-h-11 rounded-md border border-red-400 bg-white px-3 font-semibold text-red-900">
                  Réessayer
                </button>
              ) : null}
            </div>
          ) : null}
          {view.chat.status === "draft" ? <p className="mb-2 text-slate-800">{chatMessages.draft}</p> : null}
          <UploadLine state={upload.state} onCancel={upload.reset} />
          <div className="flex items-end gap-2">
            {hydrated ? <ChatAttachButton upload={upload} disabled={composerDisabled} /> : null}
            <div className="flex-1">
              <label htmlFor="message" className="sr-only">
                Votre message
              </label>
              <textarea
                id="message"
                name="message"
                rows={2}
                value={text}
                onChange={(event) => setText(event.target.value)}
                ref={composerRef}
                onKeyDown={onKeyDown}
                onFocus={revealComposer}
                enterKeyHint={touchScreen ? "enter" : "send"}
                disabled={composerDisabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={`aide-message${error ? " erreur-message" : ""}`}
                placeholder="Écrivez votre message…"
                className="block max-h-40 min-h-11 w-full resize-y rounded-md border border-slate-500 px-3 py-2 text-slate-900"
              />
              <p id="aide-message" className={`mt-1 text-xs ${tooLong ? "font-semibold text-red-800" : "text-slate-700"}`}>
                {hydrated ? (touchScreen ? "Entrée pour aller à la ligne, bouton « Envoyer » pour envoyer. " : "Entrée pour envoyer, Maj+Entrée pour aller à la ligne. ") : ""}
                {count > CHAT_MESSAGE_MAX - 500 ? `${count.toLocaleString("fr-FR")} / ${CHAT_MESSAGE_MAX.toLocaleString("fr-FR")} caractères` : ""}
              </p>
            </div>
            <Button
              size="lg" className="disabled:opacity-60"
              type="submit"
              disabled={composerDisabled || upload.state.kind === "uploading"}
            >
              Envoyer
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function UploadLine({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  if (state.kind === "idle") return null;
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3 text-sm text-slate-900" role="status">
      {state.kind === "uploading" ? (
        <>
          <span>Envoi de {state.name}…</span>
          <progress max={100} value={state.percent} aria-label={`Envoi de ${state.name}`} className="h-2 w-32" />
          <span>{state.percent}&#x202f;%</span>
        </>
      ) : state.kind === "done" ? (
        <span className="inline-flex items-center gap-1"><PaperclipIcon className="size-4 shrink-0" /> {state.name} prêt à être envoyé</span>
      ) : (
        <span className="font-semibold text-red-900">{state.message}</span>
      )}
      {state.kind !== "uploading" ? (
        <Button variant="link" className="px-2" type="button" onClick={onCancel}>
          Retirer
        </Button>
      ) : null}
    </div>
  );
}
