/** Approximate centre lines of real Tirana streets and roads, [lat, lon]; vehicles drive them back and forth. */
export const TIRANA_ROUTES: Array<{ name: string; points: Array<[number, number]> }> = [
  {
    name: "Bulevardi Dëshmorët e Kombit",
    points: [
      [41.3275, 19.8189],
      [41.325, 19.8197],
      [41.3225, 19.8208],
      [41.32, 19.8218],
      [41.3186, 19.8226],
    ],
  },
  {
    name: "Bulevardi Zogu I",
    points: [
      [41.328, 19.8185],
      [41.331, 19.818],
      [41.334, 19.8175],
      [41.3362, 19.817],
    ],
  },
  {
    name: "Rruga e Durrësit",
    points: [
      [41.3283, 19.817],
      [41.3295, 19.812],
      [41.3305, 19.807],
      [41.3315, 19.801],
      [41.3325, 19.795],
    ],
  },
  {
    name: "Rruga e Kavajës",
    points: [
      [41.3268, 19.817],
      [41.3262, 19.811],
      [41.3255, 19.804],
      [41.3248, 19.797],
      [41.324, 19.79],
    ],
  },
  {
    name: "Bulevardi Bajram Curri",
    points: [
      [41.323, 19.799],
      [41.322, 19.806],
      [41.3215, 19.812],
      [41.3222, 19.82],
      [41.323, 19.828],
      [41.3245, 19.834],
    ],
  },
  {
    name: "Rruga e Elbasanit",
    points: [
      [41.3225, 19.823],
      [41.32, 19.828],
      [41.317, 19.833],
      [41.314, 19.838],
      [41.311, 19.843],
    ],
  },
  {
    name: "Autostrada Tiranë–Durrës",
    points: [
      [41.338, 19.788],
      [41.344, 19.77],
      [41.35, 19.75],
      [41.356, 19.73],
      [41.362, 19.71],
    ],
  },
  {
    name: "Rruga Myslym Shyri",
    points: [
      [41.3235, 19.811],
      [41.321, 19.8105],
      [41.3185, 19.81],
    ],
  },
  {
    name: "Rruga e Dibrës",
    points: [
      [41.33, 19.8215],
      [41.334, 19.824],
      [41.338, 19.8265],
      [41.342, 19.829],
    ],
  },
  {
    name: "Unaza e Re",
    points: [
      [41.343, 19.8],
      [41.34, 19.795],
      [41.335, 19.79],
      [41.329, 19.788],
      [41.323, 19.789],
    ],
  },
];
