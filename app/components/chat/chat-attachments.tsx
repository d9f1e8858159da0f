import { useCallback, useRef, useState, type DragEvent } from "react";
import { unavailableFileText } from "~/modules/files/file-states";
import { type ChatFileView } from "~/modules/chat/chat.schema";
import { formatSize } from "~/lib/format";
import { PaperclipIcon } from "~/components/ui/icons";

export type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; name: string; percent: number }
  | { kind: "done"; name: string; fileId: string }
  | { kind: "failed"; message: string };

const UPLOAD_FAILED = "Le fichier n'a pas pu être envoyé. Veuillez réessayer.";

/** The attachment of the composer: sent with XMLHttpRequest for its progress, then referenced by the message. */
export function useChatUpload(caseId: string) {
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const request = useRef<XMLHttpRequest | null>(null);

  const reset = useCallback(() => {
    request.current?.abort();
    request.current = null;
    setState({ kind: "idle" });
  }, []);

  const start = useCallback(
    (file: File) => {
      request.current?.abort();
      const xhr = new XMLHttpRequest();
      request.current = xhr;
      setState({ kind: "uploading", name: file.name, percent: 0 });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) setState({ kind: "uploading", name: file.name, percent: Math.round((event.loaded / event.total) * 100) });
      };
      xhr.onload = () => {
        let body: { fileId?: string; name?: string; error?: string } = {};
        try {
          body = JSON.parse(xhr.responseText) as typeof body;
        } catch {
          // not JSON: a proxy's page
        }
        if (xhr.status === 200 && body.fileId) setState({ kind: "done", name: body.name ?? file.name, fileId: body.fileId });
        else setState({ kind: "failed", message: body.error ?? UPLOAD_FAILED });
      };
      xhr.onerror = () => setState({ kind: "failed", message: UPLOAD_FAILED });
      const form = new FormData();
      form.append("fichier", file);
      xhr.open("POST", `/case/${caseId}/chat/fichier`);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.send(form);
    },
    [caseId],
  );

  const [dragging, setDragging] = useState(false);
  const dropZoneProps = {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      if (!event.dataTransfer.files.length) return;
      event.preventDefault();
      setDragging(false);
      start(event.dataTransfer.files[0]!);
    },
    "data-dragging": dragging ? "" : undefined,
  };

  return { state, start, reset, dropZoneProps };
}

export function ChatAttachButton({ upload, disabled }: { upload: ReturnType<typeof useChatUpload>; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept="image/jpeg,image/png,image/heic,image/heif,application/pdf"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.start(file);
          event.target.value = "";
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={disabled || upload.state.kind === "uploading"}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white text-xl text-slate-900 hover:bg-slate-100 disabled:opacity-60"
        aria-label="Joindre un fichier (photo ou PDF, 30 Mo au plus)"
        title="Joindre un fichier"
      >
        <PaperclipIcon className="size-6" />
      </button>
    </>
  );
}

/** A file in the thread: a thumbnail for images, a name and size for PDFs; opened through a 60-second link. */
export function ChatAttachment({ caseId, file, onDark }: { caseId: string; file: ChatFileView; onDark: boolean }) {
  const href = `/case/${caseId}/chat/fichier/${file.id}`;
  const unavailable = unavailableFileText(file.state);
  if (unavailable) {
    return (
      <p className="mt-1">
        <PaperclipIcon className="inline size-4 align-[-0.125em]" /> <span className="font-semibold">{file.name}</span>&#x202f;: {unavailable}
      </p>
    );
  }
  return (
    <div className="mt-1">
      {file.image ? (
        <a href={href} target="_blank" rel="noreferrer" className="block">
          <img src={`${href}?preview=1`} alt={`Aperçu de ${file.name}`} className="max-h-48 rounded-md bg-white" loading="lazy" />
        </a>
      ) : null}
      <a href={`${href}?download=1`} className={`inline-flex min-h-11 items-center gap-1 font-semibold underline ${onDark ? "text-white" : "text-brand-800"}`}>
        <PaperclipIcon className="size-4 shrink-0" /> {file.name} <span className="font-normal">({formatSize(file.sizeBytes)})</span>
      </a>
    </div>
  );
}
