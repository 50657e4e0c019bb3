/** Real regions and cities per country, for demo members. Weight: share of the demo member base. */
export interface CountryPlaces {
  country: string;
  weight: number;
  regions: Record<string, string[]>;
}

export const PLACES: CountryPlaces[] = [
  {
    country: "NL",
    weight: 42,
    regions: {
      "Noord-Holland": ["Amsterdam", "Haarlem", "Alkmaar", "Hilversum", "Zaandam", "Hoorn"],
      "Zuid-Holland": ["Rotterdam", "Den Haag", "Leiden", "Dordrecht", "Delft", "Gouda"],
      Utrecht: ["Utrecht", "Amersfoort", "Zeist", "Nieuwegein", "Veenendaal"],
      "Noord-Brabant": ["Eindhoven", "Tilburg", "Breda", "'s-Hertogenbosch", "Helmond"],
      Gelderland: ["Arnhem", "Nijmegen", "Apeldoorn", "Ede", "Doetinchem"],
      Overijssel: ["Enschede", "Zwolle", "Deventer", "Hengelo", "Almelo"],
      Limburg: ["Maastricht", "Venlo", "Heerlen", "Roermond", "Sittard"],
      Groningen: ["Groningen", "Veendam", "Hoogezand"],
      Friesland: ["Leeuwarden", "Sneek", "Heerenveen", "Drachten"],
      Drenthe: ["Assen", "Emmen", "Hoogeveen", "Meppel"],
      Flevoland: ["Almere", "Lelystad", "Dronten"],
      Zeeland: ["Middelburg", "Vlissingen", "Goes", "Terneuzen"],
    },
  },
  {
    country: "BE",
    weight: 16,
    regions: {
      Antwerpen: ["Antwerpen", "Mechelen", "Turnhout", "Lier"],
      "Oost-Vlaanderen": ["Gent", "Aalst", "Sint-Niklaas", "Dendermonde"],
      "West-Vlaanderen": ["Brugge", "Kortrijk", "Oostende", "Roeselare"],
      "Vlaams-Brabant": ["Leuven", "Vilvoorde", "Halle"],
      Limburg: ["Hasselt", "Genk", "Sint-Truiden"],
      Brussel: ["Brussel", "Schaarbeek", "Elsene"],
      Luik: ["Luik", "Verviers", "Seraing"],
      Henegouwen: ["Charleroi", "Bergen", "Doornik"],
      Namen: ["Namen", "Dinant"],
    },
  },
  {
    country: "DE",
    weight: 20,
    regions: {
      "Nordrhein-Westfalen": ["Köln", "Düsseldorf", "Dortmund", "Essen", "Münster", "Aachen"],
      Bayern: ["München", "Nürnberg", "Augsburg", "Regensburg", "Würzburg"],
      "Baden-Württemberg": ["Stuttgart", "Karlsruhe", "Mannheim", "Freiburg im Breisgau", "Heidelberg"],
      Niedersachsen: ["Hannover", "Braunschweig", "Oldenburg", "Osnabrück"],
      Hessen: ["Frankfurt am Main", "Wiesbaden", "Kassel", "Darmstadt"],
      Berlin: ["Berlin"],
      Hamburg: ["Hamburg"],
      Sachsen: ["Dresden", "Leipzig", "Chemnitz"],
      Bremen: ["Bremen", "Bremerhaven"],
      "Schleswig-Holstein": ["Kiel", "Lübeck", "Flensburg"],
    },
  },
  {
    country: "AT",
    weight: 4,
    regions: {
      Wien: ["Wien"],
      Steiermark: ["Graz", "Leoben"],
      Oberösterreich: ["Linz", "Wels", "Steyr"],
      Salzburg: ["Salzburg", "Hallein"],
      Tirol: ["Innsbruck", "Kufstein"],
    },
  },
  {
    country: "CH",
    weight: 3,
    regions: {
      Zürich: ["Zürich", "Winterthur"],
      Bern: ["Bern", "Biel/Bienne", "Thun"],
      Genève: ["Genève"],
      Vaud: ["Lausanne", "Montreux"],
      Ticino: ["Lugano", "Bellinzona"],
      "Basel-Stadt": ["Basel"],
    },
  },
  {
    country: "GB",
    weight: 4,
    regions: {
      "Greater London": ["London", "Croydon"],
      "West Midlands": ["Birmingham", "Coventry", "Wolverhampton"],
      "Greater Manchester": ["Manchester", "Bolton", "Stockport"],
      "West Yorkshire": ["Leeds", "Bradford"],
      Scotland: ["Glasgow", "Edinburgh", "Aberdeen"],
    },
  },
  {
    country: "IE",
    weight: 1,
    regions: { Dublin: ["Dublin"], Cork: ["Cork"], Galway: ["Galway"], Limerick: ["Limerick"] },
  },
  {
    country: "FR",
    weight: 3,
    regions: {
      "Île-de-France": ["Paris", "Versailles", "Boulogne-Billancourt"],
      "Auvergne-Rhône-Alpes": ["Lyon", "Grenoble", "Saint-Étienne"],
      "Provence-Alpes-Côte d'Azur": ["Marseille", "Nice", "Toulon"],
      "Hauts-de-France": ["Lille", "Amiens"],
      Occitanie: ["Toulouse", "Montpellier"],
    },
  },
  {
    country: "ES",
    weight: 2,
    regions: {
      "Comunidad de Madrid": ["Madrid", "Alcalá de Henares"],
      Cataluña: ["Barcelona", "Girona", "Tarragona"],
      Andalucía: ["Sevilla", "Málaga", "Granada"],
      "Comunidad Valenciana": ["Valencia", "Alicante"],
    },
  },
  {
    country: "IT",
    weight: 2,
    regions: {
      Lombardia: ["Milano", "Bergamo", "Brescia"],
      Lazio: ["Roma", "Latina"],
      Campania: ["Napoli", "Salerno"],
      Piemonte: ["Torino", "Novara"],
      Toscana: ["Firenze", "Pisa", "Siena"],
    },
  },
  {
    country: "PL",
    weight: 2,
    regions: {
      Mazowieckie: ["Warszawa", "Radom"],
      Małopolskie: ["Kraków", "Tarnów"],
      Dolnośląskie: ["Wrocław", "Wałbrzych"],
      Wielkopolskie: ["Poznań", "Kalisz"],
      Pomorskie: ["Gdańsk", "Gdynia"],
    },
  },
  {
    country: "US",
    weight: 1,
    regions: {
      California: ["Los Angeles", "San Diego", "San Francisco"],
      "New York": ["New York", "Buffalo"],
      Texas: ["Houston", "Austin", "Dallas"],
      Florida: ["Miami", "Orlando"],
    },
  },
  {
    country: "CA",
    weight: 0.5,
    regions: {
      Ontario: ["Toronto", "Ottawa"],
      Quebec: ["Montréal", "Québec"],
      "British Columbia": ["Vancouver"],
    },
  },
  {
    country: "AU",
    weight: 0.5,
    regions: {
      "New South Wales": ["Sydney", "Newcastle"],
      Victoria: ["Melbourne", "Geelong"],
      Queensland: ["Brisbane"],
    },
  },
  {
    country: "NZ",
    weight: 0.5,
    regions: { Auckland: ["Auckland"], Wellington: ["Wellington"], Canterbury: ["Christchurch"] },
  },
];
