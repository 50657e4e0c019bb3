import { useTranslation } from "~/ui/use-translation";
import type { RegionCount } from "~/domain/landers/designs";
import { usePlace, type DesignProps } from "./design-props";
import { MemberTile, TILE_SIZES } from "./lander-photo";
import { COUNTRY_SHAPES, type CountryShape } from "./map-shapes";

const WIDTH = 100;

/** Longitude/latitude to SVG units: equirectangular, longitude shrunk by the cosine of the latitude. */
function projection(shape: CountryShape) {
  const points = [...shape.outline, ...Object.values(shape.regions)];
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const [minLon, maxLon, minLat, maxLat] = [
    Math.min(...lons),
    Math.max(...lons),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const squeeze = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = (WIDTH - 16) / ((maxLon - minLon) * squeeze);
  const height = (maxLat - minLat) * scale + 16;
  const at = ([lon, lat]: [number, number]): [number, number] => [
    8 + (lon - minLon) * squeeze * scale,
    8 + (maxLat - lat) * scale,
  ];
  return { at, height };
}

function radius(count: number, max: number) {
  return 2.2 + 3.3 * Math.sqrt(count / Math.max(1, max));
}

/** NL, BE and DE: the outline with a labelled circle per region. */
function ShapeMap({
  shape,
  counts,
  label,
}: {
  shape: CountryShape;
  counts: Map<string, number>;
  label: string;
}) {
  const { at, height } = projection(shape);
  const max = Math.max(0, ...counts.values());
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height.toFixed(1)}`} className="lander-map" role="img" aria-label={label}>
      <polygon
        className="lander-map-outline"
        points={shape.outline
          .map((p) =>
            at(p)
              .map((v) => v.toFixed(1))
              .join(","),
          )
          .join(" ")}
      />
      {Object.entries(shape.regions).map(([name, point]) => {
        const [x, y] = at(point);
        const count = counts.get(name) ?? 0;
        const r = radius(count, max);
        return (
          <g key={name} data-testid="map-region">
            <circle className="lander-map-region" cx={x.toFixed(1)} cy={y.toFixed(1)} r={r.toFixed(1)} />
            <text className="lander-map-count" x={x.toFixed(1)} y={y.toFixed(1)}>
              {count}
            </text>
            <text className="lander-map-label" x={x.toFixed(1)} y={(y + r + 3).toFixed(1)}>
              {name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Other countries: a grid of regions, each a tile with its count. */
function GridMap({ regions, label }: { regions: RegionCount[]; label: string }) {
  const columns = 4;
  const rows = Math.max(1, Math.ceil(regions.length / columns));
  const size = WIDTH / columns;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${rows * size * 0.6}`} className="lander-map" role="img" aria-label={label}>
      {regions.map((region, index) => {
        const x = (index % columns) * size;
        const y = Math.floor(index / columns) * size * 0.6;
        return (
          <g key={region.region} data-testid="map-region">
            <rect
              className="lander-map-outline"
              x={x + 1}
              y={y + 1}
              width={size - 2}
              height={size * 0.6 - 2}
              rx={2}
            />
            <text className="lander-map-label" x={x + size / 2} y={y + size * 0.22}>
              {region.region}
            </text>
            <circle className="lander-map-region" cx={x + size / 2} cy={y + size * 0.4} r={3.6} />
            <text className="lander-map-count" x={x + size / 2} y={y + size * 0.4}>
              {region.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** maplanding: the visitor's country drawn as an SVG with the number of members per region. */
export function MapDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  const regions = lander.regions ?? [];
  const counts = new Map(regions.map((r) => [r.region, r.count]));
  const shape = COUNTRY_SHAPES[lander.country];
  const label = t("landers:maplanding.mapLabel", { place: t(`profile:countries.${lander.country}`) });
  const total = regions.reduce((sum, r) => sum + r.count, 0);
  return (
    <main className="container py-3">
      <h1 className="h3 text-primary text-center">{t("landers:maplanding.title", { place })}</h1>
      <p className="text-center">{t("landers:maplanding.count", { count: total })}</p>
      <div className="row g-4 align-items-start">
        <div className="col-md-6" data-testid="lander-map">
          {shape ? (
            <ShapeMap shape={shape} counts={counts} label={label} />
          ) : (
            <GridMap regions={regions} label={label} />
          )}
          <ul className="row g-2 list-unstyled mt-2">
            {lander.members.slice(0, 3).map((member) => (
              <li className="col-4" key={member.id}>
                <MemberTile member={member} sizes={TILE_SIZES} fictionalIcon={fictionalIcon} />
              </li>
            ))}
          </ul>
        </div>
        <div className="col-md-6">{signup}</div>
      </div>
    </main>
  );
}
