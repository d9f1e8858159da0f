/**
 * The few pieces of the Maps JavaScript API's Places library (the "new" Autocomplete Data API) this app uses,
 * loaded on demand. The page's Content-Security-Policy allows maps.googleapis.com and places.googleapis.com
 * only on /complete-profile and only when a key is configured (server/content-security-policy.ts).
 */

export interface AddressParts {
  address: string;
  city: string;
  postalCode: string;
  department: string;
}

export interface AddressSuggestion {
  id: string;
  mainText: string;
  secondaryText: string;
  /** Fetches the place's address components (billed as one session with the suggestions). */
  details(): Promise<AddressParts>;
}

interface FormattableText {
  toString(): string;
}

interface AddressComponent {
  longText: string | null;
  shortText: string | null;
  types: string[];
}

interface PlacePrediction {
  placeId: string;
  text: FormattableText;
  mainText?: FormattableText | null;
  secondaryText?: FormattableText | null;
  toPlace(): { fetchFields(request: { fields: string[] }): Promise<unknown>; addressComponents?: AddressComponent[] };
}

interface PlacesLibrary {
  AutocompleteSessionToken: new () => unknown;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string;
      includedRegionCodes: string[];
      language: string;
      region: string;
      sessionToken: unknown;
    }): Promise<{ suggestions: { placePrediction?: PlacePrediction | null }[] }>;
  };
}

declare global {
  interface Window {
    google?: { maps?: { importLibrary?(name: "places"): Promise<unknown> } };
  }
}

const CALLBACK = "__recoursGoogleMapsReady";
let loading: Promise<PlacesLibrary> | undefined;

function loadPlaces(apiKey: string): Promise<PlacesLibrary> {
  loading ??= new Promise<PlacesLibrary>((resolve, reject) => {
    const globals = window as unknown as Record<string, unknown>;
    globals[CALLBACK] = () => {
      delete globals[CALLBACK];
      const importLibrary = window.google?.maps?.importLibrary;
      if (!importLibrary) {
        reject(new Error("Google Maps sans importLibrary"));
        return;
      }
      importLibrary("places").then((library) => resolve(library as PlacesLibrary), reject);
    };
    const script = document.createElement("script");
    const query = new URLSearchParams({
      key: apiKey,
      v: "weekly",
      language: "fr",
      loading: "async",
      callback: CALLBACK,
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${query.toString()}`;
    script.async = true;
    script.onerror = () => reject(new Error("le script Google Maps n'a pas pu être chargé"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function component(components: AddressComponent[], ...types: string[]): string {
  for (const type of types) {
    const found = components.find((part) => part.types.includes(type));
    if (found?.longText) return found.longText;
  }
  return "";
}

/** Spec §2: the place fills address, city, postal code and department (the second-level administrative area). */
export function addressFromComponents(components: AddressComponent[], fallbackAddress: string): AddressParts {
  const street = [component(components, "street_number"), component(components, "route")].filter(Boolean).join(" ");
  return {
    address: street || fallbackAddress,
    city: component(components, "locality", "postal_town", "administrative_area_level_3", "sublocality"),
    postalCode: component(components, "postal_code"),
    // Canada and Luxembourg places may have no second level: their first level (province, district) stands in.
    department: component(components, "administrative_area_level_2", "administrative_area_level_1"),
  };
}

/** A suggestion session: suggestions for what is typed, restricted to one country, in French. */
export class PlacesSession {
  private token: unknown;

  private constructor(private readonly library: PlacesLibrary) {
    this.token = new library.AutocompleteSessionToken();
  }

  static async start(apiKey: string): Promise<PlacesSession> {
    return new PlacesSession(await loadPlaces(apiKey));
  }

  async suggest(input: string, countryIsoCode: string): Promise<AddressSuggestion[]> {
    const region = countryIsoCode.toLowerCase();
    const { suggestions } = await this.library.AutocompleteSuggestion.fetchAutocompleteSuggestions({
      input,
      includedRegionCodes: [region],
      language: "fr",
      region,
      sessionToken: this.token,
    });
    return suggestions.flatMap(({ placePrediction: prediction }) => {
      if (!prediction) return [];
      const mainText = (prediction.mainText ?? prediction.text).toString();
      return [
        {
          id: prediction.placeId,
          mainText,
          secondaryText: prediction.secondaryText?.toString() ?? "",
          details: async () => {
            const place = prediction.toPlace();
            await place.fetchFields({ fields: ["addressComponents"] });
            // The session ends with the details request: the next search starts a new one.
            this.token = new this.library.AutocompleteSessionToken();
            return addressFromComponents(place.addressComponents ?? [], mainText);
          },
        },
      ];
    });
  }
}
