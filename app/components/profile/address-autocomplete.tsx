import { useRef, useState, type ReactNode } from "react";
import { TextField } from "~/components/ui/field";
import { PlacesSession, type AddressParts, type AddressSuggestion } from "./google-places";

interface AddressAutocompleteProps {
  /** False until JavaScript runs: a plain text field until then. */
  enabled: boolean;
  name: string;
  label: string;
  hint: ReactNode;
  apiKey: string;
  countryIsoCode: string;
  value: string;
  error?: string;
  onValueChange(value: string): void;
  onPlace(parts: AddressParts): void;
}

const MIN_CHARACTERS = 3;
const DEBOUNCE_MS = 250;

/**
 * The address field as a combobox (WAI-ARIA 1.2 pattern, list autocomplete) fed by Google Places, restricted to
 * the country of residence. ↓/↑ move through the suggestions, Entrée picks one, Échap closes the list. If Google
 * cannot be reached, it stays a plain text field and says so.
 */
export function AddressAutocomplete({
  enabled,
  name,
  label,
  hint,
  apiKey,
  countryIsoCode,
  value,
  error,
  onValueChange,
  onPlace,
}: AddressAutocompleteProps) {
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const [unavailable, setUnavailable] = useState(false);
  const session = useRef<Promise<PlacesSession> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  const listId = `champ-${name}-suggestions`;
  const optionId = (index: number) => `${listId}-${index}`;

  function startSession(): Promise<PlacesSession> {
    session.current ??= PlacesSession.start(apiKey);
    return session.current;
  }

  function fail() {
    session.current = null;
    setUnavailable(true);
    setOpen(false);
    setStatus("Les suggestions d'adresse ne sont pas disponibles\u202f: saisissez votre adresse.");
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  async function search(input: string) {
    const request = ++latest.current;
    try {
      const found = await (await startSession()).suggest(input, countryIsoCode);
      if (request !== latest.current) return;
      setSuggestions(found);
      setActive(-1);
      setOpen(found.length > 0);
      setStatus(
        found.length === 0
          ? "Aucune adresse trouvée\u202f: vous pouvez la saisir vous-même."
          : `${found.length} adresse${found.length > 1 ? "s" : ""} proposée${found.length > 1 ? "s" : ""}\u202f: flèche vers le bas pour choisir.`,
      );
    } catch {
      if (request === latest.current) fail();
    }
  }

  async function choose(suggestion: AddressSuggestion) {
    close();
    latest.current += 1;
    onValueChange(suggestion.mainText);
    setStatus("Recherche de l'adresse…");
    try {
      onPlace(await suggestion.details());
      setStatus("Adresse, ville, code postal et département remplis.");
    } catch {
      fail();
    }
  }

  const expanded = open && suggestions.length > 0;

  const field = { name, label, hint, error, value };
  if (!enabled) {
    return (
      <TextField
        {...field}
        autoComplete="address-line1"
        onChange={(event) => onValueChange(event.target.value)}
      />
    );
  }

  return (
    <TextField
      {...field}
      autoComplete="off"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
      onFocus={() => {
        // The script loads when the person starts on the address, not for every visit of the page.
        if (!unavailable) startSession().catch(fail);
      }}
      onBlur={close}
      onChange={(event) => {
        const next = event.target.value;
        onValueChange(next);
        clearTimeout(timer.current);
        if (unavailable || next.trim().length < MIN_CHARACTERS) {
          latest.current += 1;
          close();
          return;
        }
        timer.current = setTimeout(() => void search(next.trim()), DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          if (suggestions.length === 0) return;
          event.preventDefault();
          setOpen(true);
          const step = event.key === "ArrowDown" ? 1 : -1;
          setActive((current) => (current + step + suggestions.length) % suggestions.length);
        } else if (event.key === "Enter" && expanded && active >= 0) {
          event.preventDefault();
          void choose(suggestions[active]!);
        } else if (event.key === "Escape" && expanded) {
          event.preventDefault();
          close();
        }
      }}
    >
      <div className="relative">
        <div
          hidden={!expanded}
          className="absolute inset-x-0 z-20 mt-1 overflow-hidden rounded-md border border-slate-300 bg-white shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label="Adresses proposées" className="max-h-72 overflow-y-auto">
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void choose(suggestion)}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-700 text-white" : "text-slate-900 hover:bg-brand-50"}`}
              >
                <span className="font-semibold">{suggestion.mainText}</span>
                {suggestion.secondaryText ? <span className="block">{suggestion.secondaryText}</span> : null}
              </li>
            ))}
          </ul>
          <p className="border-t border-slate-200 px-3 py-1 text-right text-xs text-slate-700">
            Suggestions fournies par Google
          </p>
        </div>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </TextField>
  );
}
