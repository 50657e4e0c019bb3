/** First names by language area, for demo members; some get a nickname-style suffix. */
export const FIRST_NAMES: Record<string, { female: string[]; male: string[] }> = {
  nl: {
    female: ["Sanne", "Lotte", "Anouk", "Eva", "Femke", "Lisa", "Iris", "Marieke", "Sophie", "Esther", "Ingrid", "Monique", "Petra", "Annemiek", "Fleur", "Noor", "Mirjam", "Karin", "Wendy", "Chantal", "Linda", "Ellen", "Janneke", "Kim", "Manon", "Yvonne", "Els", "Hilde", "Sofie", "Lien"],
    male: ["Daan", "Bram", "Thijs", "Joost", "Ruben", "Sander", "Pieter", "Jeroen", "Bas", "Martijn", "Kees", "Wouter", "Niels", "Rutger", "Stijn", "Hans", "Erik", "Marco", "Dennis", "Frank", "Maarten", "Gert", "Koen", "Wim", "Jan", "Tom", "Luuk", "Lars", "Jens", "Pieterjan"],
  },
  de: {
    female: ["Anna", "Lena", "Julia", "Katrin", "Sabine", "Claudia", "Stefanie", "Nina", "Melanie", "Birgit", "Jana", "Miriam", "Ute", "Heike", "Sandra", "Franziska", "Lea", "Carina"],
    male: ["Lukas", "Jonas", "Felix", "Markus", "Stefan", "Thomas", "Michael", "Andreas", "Tobias", "Sebastian", "Jürgen", "Dirk", "Matthias", "Florian", "Uwe", "Klaus", "Sven", "Timo"],
  },
  en: {
    female: ["Emma", "Olivia", "Chloe", "Hannah", "Grace", "Sarah", "Rachel", "Lucy", "Megan", "Amy", "Jessica", "Laura", "Siobhan", "Aoife"],
    male: ["James", "Oliver", "Jack", "Harry", "Daniel", "Matthew", "Ryan", "Liam", "Connor", "Ben", "Sam", "Josh", "Ciarán", "Mark"],
  },
  fr: {
    female: ["Camille", "Manon", "Chloé", "Léa", "Julie", "Élodie", "Aurélie", "Céline", "Margaux", "Sandrine"],
    male: ["Julien", "Nicolas", "Thomas", "Maxime", "Antoine", "Pierre", "Hugo", "Mathieu", "Olivier", "Sébastien"],
  },
  es: {
    female: ["Lucía", "María", "Carmen", "Laura", "Marta", "Paula", "Elena", "Sara"],
    male: ["Javier", "Carlos", "Pablo", "Alejandro", "Sergio", "David", "Jorge", "Manuel"],
  },
  it: {
    female: ["Giulia", "Francesca", "Chiara", "Sara", "Valentina", "Federica", "Martina", "Alessia"],
    male: ["Marco", "Luca", "Matteo", "Alessandro", "Andrea", "Davide", "Simone", "Francesco"],
  },
  pl: {
    female: ["Anna", "Katarzyna", "Magdalena", "Agnieszka", "Joanna", "Monika", "Natalia", "Ewa"],
    male: ["Piotr", "Tomasz", "Paweł", "Krzysztof", "Michał", "Marcin", "Jakub", "Łukasz"],
  },
};

export const LANGUAGE_BY_COUNTRY: Record<string, string> = {
  NL: "nl", BE: "nl", DE: "de", AT: "de", CH: "de", GB: "en", IE: "en", US: "en", CA: "en", AU: "en", NZ: "en",
  FR: "fr", ES: "es", IT: "it", PL: "pl",
};

/** Short "about me" sentences per language; each demo member gets two or three. */
export const ABOUT_SENTENCES: Record<string, string[]> = {
  nl: [
    "Ik ben spontaan, eerlijk en hou van een goed gesprek.",
    "Op zondag vind je me op de fiets of op een terrasje.",
    "Ik zoek iemand met humor die ook van reizen houdt.",
    "Koken voor een ander vind ik een van de leukste dingen die er zijn.",
    "Na een drukke werkweek ontspan ik graag met muziek en een goed glas wijn.",
    "Ik ben nieuw hier en benieuwd wie ik ga ontmoeten.",
    "Sporten houdt me scherp, maar een avondje bankhangen sla ik ook niet over.",
    "Eerlijkheid vind ik het allerbelangrijkst.",
    "Stuur me gerust een berichtje, ik bijt niet.",
    "Ik hou van de zee, lange wandelingen en spontane uitjes.",
  ],
  de: [
    "Ich bin offen, ehrlich und lache gerne.",
    "Am Wochenende bin ich gern in der Natur oder im Café.",
    "Ich suche jemanden mit Humor, der auch gern reist.",
    "Kochen für andere macht mir richtig Spaß.",
    "Nach der Arbeit entspanne ich mit Musik und einem guten Buch.",
    "Ich bin neu hier und gespannt, wen ich kennenlerne.",
    "Schreib mir einfach, ich freue mich auf deine Nachricht.",
    "Ehrlichkeit ist mir am wichtigsten.",
  ],
  en: [
    "I'm easy-going, honest and love a good laugh.",
    "Weekends are for long walks, good food and better company.",
    "Looking for someone with a sense of humour who likes to travel.",
    "I love cooking for other people.",
    "New here and curious who I'll meet.",
    "Send me a message, I don't bite.",
    "Honesty matters most to me.",
  ],
  fr: [
    "Je suis spontanée, honnête et j'adore rire.",
    "Le week-end, je profite de la nature et des bons restaurants.",
    "Je cherche quelqu'un avec de l'humour qui aime voyager.",
    "Nouveau ici et curieux de faire de belles rencontres.",
    "N'hésite pas à m'écrire.",
  ],
  es: [
    "Soy espontáneo, sincero y me encanta reír.",
    "Los fines de semana me gusta salir a caminar y comer bien.",
    "Busco a alguien con sentido del humor a quien le guste viajar.",
    "Escríbeme sin miedo.",
  ],
  it: [
    "Sono spontaneo, sincero e amo ridere.",
    "Nel fine settimana mi piace stare all'aria aperta e mangiare bene.",
    "Cerco qualcuno con senso dell'umorismo a cui piaccia viaggiare.",
    "Scrivimi pure, non mordo.",
  ],
  pl: [
    "Jestem spontaniczny, szczery i lubię się śmiać.",
    "W weekendy lubię spacery i dobre jedzenie.",
    "Szukam kogoś z poczuciem humoru, kto lubi podróżować.",
    "Napisz do mnie śmiało.",
  ],
};
