import { useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { FieldError } from "~/components/ui/field";
import { CalendarIcon } from "~/components/ui/icons";
import { useEntryMadeBeforeHydration, useHydrated } from "~/components/use-resettable-state";
import { EARLIEST_DATE, isoToFrenchDate, maskFrenchDate, parseFrenchDate, todayIsoDate } from "~/lib/dates";

interface BirthDateFieldProps {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  onEdit: () => void;
  /** Defaults to a birth date's ("bday"). */
  autoComplete?: string;
  hint?: string;
}

/** Where the caret goes after formatting: after the same number of digits as before it. */
function caretAfterDigits(formatted: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digits) return index + 1;
  }
  return formatted.length;
}

/**
 * A birth date typed as DD-MM-YYYY (spec §5: digits only, dashes added, at most 8 digits), and a calendar
 * for those who prefer one: the browser's own date picker, which is keyboard-usable and announced by screen
 * readers, limited to 1900-01-01 … today. Without JavaScript the text field alone is posted, as typed.
 */
export function BirthDateField({ name, label, defaultValue, error, onEdit, autoComplete = "bday", hint = "Au format JJ-MM-AAAA, par exemple 14-07-1985." }: BirthDateFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const calendar = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const caret = useRef<number | null>(null);
  useEntryMadeBeforeHydration(`champ-${name}`, value, (entry) => setValue(maskFrenchDate(entry)));

  useLayoutEffect(() => {
    if (caret.current === null || document.activeElement !== input.current) return;
    input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const inputId = `champ-${name}`;
  const hintId = `${inputId}-aide`;
  const errorId = `${inputId}-erreur`;
  const calendarId = `${inputId}-calendrier`;
  const parsed = parseFrenchDate(value);
  const iso = parsed.kind === "ok" ? parsed.iso : "";

  function closeCalendar() {
    setCalendarOpen(false);
    toggle.current?.focus();
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-slate-600">
        {hint}
      </p>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder="JJ-MM-AAAA"
          maxLength={10}
          value={value}
          onChange={(event) => {
            const raw = event.target.value;
            const digitsBefore = raw.slice(0, event.target.selectionStart ?? raw.length).replace(/\D/g, "").length;
            const next = maskFrenchDate(raw);
            caret.current = caretAfterDigits(next, Math.min(digitsBefore, 8));
            setValue(next);
            onEdit();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(" ")}
          className={`block w-full rounded-md border bg-white px-3 py-2.5 text-base shadow-sm ${
            error ? "border-red-600" : "border-slate-400"
          }`}
        />
        {hydrated ? (
          <button
            ref={toggle}
            type="button"
            aria-expanded={calendarOpen}
            aria-controls={`${calendarId}-panneau`}
            onClick={(event) => {
              if (calendarOpen) {
                setCalendarOpen(false);
                return;
              }
              flushSync(() => setCalendarOpen(true));
              calendar.current?.focus();
              // A pointer click opens the browser's calendar at once; from the keyboard the date field takes the
              // focus and its own picker opens with Alt+↓ (or by typing the date in it).
              if (event.detail > 0) {
                try {
                  calendar.current?.showPicker();
                } catch {
                  // Not every browser can open it programmatically: the field is there.
                }
              }
            }}
            className="inline-flex shrink-0 items-center gap-2 rounded-md border border-slate-400 bg-white px-3 py-2.5 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:bg-brand-50"
          >
            <CalendarIcon className="size-5 text-brand-800" />
            Calendrier
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} message={error} />
      {hydrated && calendarOpen ? (
        <div
          id={`${calendarId}-panneau`}
          className="mt-2 flex flex-wrap items-end gap-3 rounded-md border border-slate-300 bg-slate-50 p-3"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              closeCalendar();
            }
          }}
        >
          <div>
            <label htmlFor={calendarId} className="block text-sm font-semibold text-slate-800">
              Choisir la date dans le calendrier
            </label>
            <input
              ref={calendar}
              id={calendarId}
              type="date"
              min={EARLIEST_DATE}
              max={todayIsoDate()}
              defaultValue={iso}
              onChange={(event) => {
                const picked = event.target.value;
                // Typing a year fires a change for each digit (0001, 0019…): copy only dates in range.
                if (!picked || picked < EARLIEST_DATE || picked > todayIsoDate()) return;
                setValue(isoToFrenchDate(picked));
                onEdit();
              }}
              className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            />
          </div>
          <button
            type="button"
            onClick={closeCalendar}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            Fermer le calendrier
          </button>
        </div>
      ) : null}
    </div>
  );
}
