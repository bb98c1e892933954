// Large lakes of the world with approximate public figures: the sample repository's data set.
export interface Lake {
  name: string;
  countries: string;
  continent: string;
  areaKm2: number;
  maxDepthM: number;
  elevationM: number;
  volumeKm3: number;
}

export const lakes: Lake[] = [
  { name: 'Caspian Sea', countries: 'Kazakhstan; Russia; Turkmenistan; Azerbaijan; Iran', continent: 'Asia', areaKm2: 371000, maxDepthM: 1025, elevationM: -28, volumeKm3: 78200 },
  { name: 'Superior', countries: 'Canada; United States', continent: 'North America', areaKm2: 82100, maxDepthM: 406, elevationM: 183, volumeKm3: 12100 },
  { name: 'Victoria', countries: 'Uganda; Kenya; Tanzania', continent: 'Africa', areaKm2: 68870, maxDepthM: 84, elevationM: 1134, volumeKm3: 2750 },
  { name: 'Huron', countries: 'Canada; United States', continent: 'North America', areaKm2: 59600, maxDepthM: 229, elevationM: 176, volumeKm3: 3540 },
  { name: 'Michigan', countries: 'United States', continent: 'North America', areaKm2: 58000, maxDepthM: 281, elevationM: 176, volumeKm3: 4900 },
  { name: 'Tanganyika', countries: 'Tanzania; DR Congo; Burundi; Zambia', continent: 'Africa', areaKm2: 32600, maxDepthM: 1470, elevationM: 773, volumeKm3: 18900 },
  { name: 'Baikal', countries: 'Russia', continent: 'Asia', areaKm2: 31500, maxDepthM: 1642, elevationM: 456, volumeKm3: 23615 },
  { name: 'Great Bear Lake', countries: 'Canada', continent: 'North America', areaKm2: 31153, maxDepthM: 446, elevationM: 156, volumeKm3: 2236 },
  { name: 'Malawi', countries: 'Malawi; Mozambique; Tanzania', continent: 'Africa', areaKm2: 29600, maxDepthM: 706, elevationM: 500, volumeKm3: 8400 },
  { name: 'Great Slave Lake', countries: 'Canada', continent: 'North America', areaKm2: 27200, maxDepthM: 614, elevationM: 156, volumeKm3: 1580 },
  { name: 'Erie', countries: 'Canada; United States', continent: 'North America', areaKm2: 25700, maxDepthM: 64, elevationM: 174, volumeKm3: 484 },
  { name: 'Winnipeg', countries: 'Canada', continent: 'North America', areaKm2: 24514, maxDepthM: 36, elevationM: 217, volumeKm3: 284 },
  { name: 'Ontario', countries: 'Canada; United States', continent: 'North America', areaKm2: 18960, maxDepthM: 244, elevationM: 75, volumeKm3: 1640 },
  { name: 'Ladoga', countries: 'Russia', continent: 'Europe', areaKm2: 17700, maxDepthM: 230, elevationM: 5, volumeKm3: 837 },
  { name: 'Balkhash', countries: 'Kazakhstan', continent: 'Asia', areaKm2: 16400, maxDepthM: 26, elevationM: 341, volumeKm3: 106 },
  { name: 'Onega', countries: 'Russia', continent: 'Europe', areaKm2: 9700, maxDepthM: 127, elevationM: 33, volumeKm3: 280 },
  { name: 'Titicaca', countries: 'Peru; Bolivia', continent: 'South America', areaKm2: 8372, maxDepthM: 281, elevationM: 3812, volumeKm3: 893 },
  { name: 'Nicaragua', countries: 'Nicaragua', continent: 'North America', areaKm2: 8264, maxDepthM: 26, elevationM: 32, volumeKm3: 108 },
  { name: 'Vänern', countries: 'Sweden', continent: 'Europe', areaKm2: 5650, maxDepthM: 106, elevationM: 44, volumeKm3: 153 },
  { name: 'Issyk-Kul', countries: 'Kyrgyzstan', continent: 'Asia', areaKm2: 6236, maxDepthM: 668, elevationM: 1607, volumeKm3: 1738 },
  { name: 'Geneva', countries: 'Switzerland; France', continent: 'Europe', areaKm2: 580, maxDepthM: 310, elevationM: 372, volumeKm3: 89 },
  { name: 'Tahoe', countries: 'United States', continent: 'North America', areaKm2: 490, maxDepthM: 501, elevationM: 1897, volumeKm3: 151 },
  { name: 'Taupō', countries: 'New Zealand', continent: 'Oceania', areaKm2: 616, maxDepthM: 186, elevationM: 356, volumeKm3: 59 },
  { name: 'Eyre (Kati Thanda)', countries: 'Australia', continent: 'Oceania', areaKm2: 9500, maxDepthM: 6, elevationM: -15, volumeKm3: 30 },
];
