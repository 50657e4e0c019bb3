import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";

/** What /api/geocode.php answers for a position (false: no known place near it). */
export interface Place {
  country: string;
  region: string | null;
  city: string;
}

export interface Coords {
  lat: number;
  lon: number;
}

type GeoStatus = "idle" | "locating" | "found" | "notFound" | "denied" | "unsupported";

async function placeAt(latitude: number, longitude: number) {
  const response = await fetch(`/api/geocode.php?lat=${latitude.toFixed(5)}&lon=${longitude.toFixed(5)}`, {
    headers: { Accept: "application/json" },
  });
  return (await response.json()) as Place | false;
}

/**
 * The "use my location" button (only with JavaScript): fills in the place the browser's position is
 * in.
 */
export function LocationFinder({
  regionLabel,
  onFound,
  texts,
}: {
  /** The region label as it reads inside a sentence (see regionLabelInSentence). */
  regionLabel: string;
  onFound: (place: Place, coords: Coords) => void;
  /** Where its texts are: the profile's location texts, or the signup's place texts (same keys). */
  texts: string;
}) {
  const { t } = useTranslation();
  const [geo, setGeo] = useState<{ status: GeoStatus; city?: string }>({ status: "idle" });

  function locate() {
    if (!("geolocation" in navigator)) {
      setGeo({ status: "unsupported" });
      return;
    }
    setGeo({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      async ({ coords: { latitude, longitude } }) => {
        try {
          const place = await placeAt(latitude, longitude);
          if (!place) {
            setGeo({ status: "notFound" });
            return;
          }
          onFound(place, { lat: latitude, lon: longitude });
          setGeo({ status: "found", city: place.city });
        } catch {
          setGeo({ status: "notFound" });
        }
      },
      () => setGeo({ status: "denied" }),
      { maximumAge: 3_600_000, timeout: 20_000 },
    );
  }

  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={locate}
        disabled={geo.status === "locating"}
        data-testid="use-my-location"
      >
        {t(`${texts}.useMyLocation`)}
      </button>
      {geo.status !== "idle" && (
        <div
          className={`small mt-2 ${geo.status === "found" ? "text-success" : "text-body-secondary"}`}
          role="status"
          data-testid="geo-status"
        >
          {t(`${texts}.${geo.status}`, { city: geo.city })}
        </div>
      )}
      <div className="form-text">{t(`${texts}.manualHint`, { label: regionLabel })}</div>
      <div className="form-text small">{t(`${texts}.attribution`)}</div>
    </div>
  );
}
