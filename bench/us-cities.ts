/**
 * The most populous US cities (2020 census, city proper, rounded to thousands) with their centres.
 * Farms are spread over them in proportion to population, as demand for local food is.
 */
export interface City {
  name: string;
  region: string;
  lat: number;
  lng: number;
  population: number;
  timeZone: string;
}

const eastern = 'America/New_York';
const central = 'America/Chicago';
const mountain = 'America/Denver';
const arizona = 'America/Phoenix';
const pacific = 'America/Los_Angeles';

const c = (
  name: string,
  region: string,
  lat: number,
  lng: number,
  population: number,
  timeZone: string,
): City => ({ name, region, lat, lng, population, timeZone });

export const usCities: readonly City[] = [
  c('New York', 'NY', 40.7128, -74.006, 8_804_000, eastern),
  c('Los Angeles', 'CA', 34.0522, -118.2437, 3_898_000, pacific),
  c('Chicago', 'IL', 41.8781, -87.6298, 2_746_000, central),
  c('Houston', 'TX', 29.7604, -95.3698, 2_304_000, central),
  c('Phoenix', 'AZ', 33.4484, -112.074, 1_608_000, arizona),
  c('Philadelphia', 'PA', 39.9526, -75.1652, 1_603_000, eastern),
  c('San Antonio', 'TX', 29.4241, -98.4936, 1_434_000, central),
  c('San Diego', 'CA', 32.7157, -117.1611, 1_386_000, pacific),
  c('Dallas', 'TX', 32.7767, -96.797, 1_304_000, central),
  c('San Jose', 'CA', 37.3382, -121.8863, 1_013_000, pacific),
  c('Austin', 'TX', 30.2672, -97.7431, 961_000, central),
  c('Jacksonville', 'FL', 30.3322, -81.6557, 949_000, eastern),
  c('Fort Worth', 'TX', 32.7555, -97.3308, 918_000, central),
  c('Columbus', 'OH', 39.9612, -82.9988, 905_000, eastern),
  c('Indianapolis', 'IN', 39.7684, -86.1581, 887_000, eastern),
  c('Charlotte', 'NC', 35.2271, -80.8431, 874_000, eastern),
  c('San Francisco', 'CA', 37.7749, -122.4194, 873_000, pacific),
  c('Seattle', 'WA', 47.6062, -122.3321, 737_000, pacific),
  c('Denver', 'CO', 39.7392, -104.9903, 715_000, mountain),
  c('Washington', 'DC', 38.9072, -77.0369, 689_000, eastern),
  c('Nashville', 'TN', 36.1627, -86.7816, 689_000, central),
  c('Oklahoma City', 'OK', 35.4676, -97.5164, 681_000, central),
  c('El Paso', 'TX', 31.7619, -106.485, 678_000, mountain),
  c('Boston', 'MA', 42.3601, -71.0589, 675_000, eastern),
  c('Portland', 'OR', 45.5152, -122.6784, 652_000, pacific),
  c('Las Vegas', 'NV', 36.1699, -115.1398, 641_000, pacific),
  c('Detroit', 'MI', 42.3314, -83.0458, 639_000, eastern),
  c('Memphis', 'TN', 35.1495, -90.049, 633_000, central),
  c('Louisville', 'KY', 38.2527, -85.7585, 633_000, eastern),
  c('Baltimore', 'MD', 39.2904, -76.6122, 586_000, eastern),
  c('Milwaukee', 'WI', 43.0389, -87.9065, 577_000, central),
  c('Albuquerque', 'NM', 35.0844, -106.6504, 564_000, mountain),
  c('Tucson', 'AZ', 32.2226, -110.9747, 543_000, arizona),
  c('Fresno', 'CA', 36.7378, -119.7871, 543_000, pacific),
  c('Sacramento', 'CA', 38.5816, -121.4944, 525_000, pacific),
  c('Kansas City', 'MO', 39.0997, -94.5786, 508_000, central),
  c('Mesa', 'AZ', 33.4152, -111.8315, 504_000, arizona),
  c('Atlanta', 'GA', 33.749, -84.388, 499_000, eastern),
  c('Omaha', 'NE', 41.2565, -95.9345, 486_000, central),
  c('Colorado Springs', 'CO', 38.8339, -104.8214, 479_000, mountain),
  c('Raleigh', 'NC', 35.7796, -78.6382, 467_000, eastern),
  c('Long Beach', 'CA', 33.7701, -118.1937, 466_000, pacific),
  c('Virginia Beach', 'VA', 36.8529, -75.978, 459_000, eastern),
  c('Miami', 'FL', 25.7617, -80.1918, 442_000, eastern),
  c('Oakland', 'CA', 37.8044, -122.2712, 440_000, pacific),
  c('Minneapolis', 'MN', 44.9778, -93.265, 429_000, central),
  c('Tulsa', 'OK', 36.154, -95.9928, 413_000, central),
  c('Bakersfield', 'CA', 35.3733, -119.0187, 403_000, pacific),
  c('Wichita', 'KS', 37.6872, -97.3301, 397_000, central),
  c('Arlington', 'TX', 32.7357, -97.1081, 394_000, central),
  c('Tampa', 'FL', 27.9506, -82.4572, 385_000, eastern),
  c('New Orleans', 'LA', 29.9511, -90.0715, 384_000, central),
  c('Cleveland', 'OH', 41.4993, -81.6944, 373_000, eastern),
  c('Honolulu', 'HI', 21.3069, -157.8583, 350_000, 'Pacific/Honolulu'),
  c('Cincinnati', 'OH', 39.1031, -84.512, 309_000, eastern),
  c('Pittsburgh', 'PA', 40.4406, -79.9959, 303_000, eastern),
  c('St. Louis', 'MO', 38.627, -90.1994, 302_000, central),
  c('Orlando', 'FL', 28.5383, -81.3792, 308_000, eastern),
  c('Madison', 'WI', 43.0731, -89.4012, 270_000, central),
  c('Boise', 'ID', 43.615, -116.2023, 236_000, mountain),
  c('Richmond', 'VA', 37.5407, -77.436, 226_000, eastern),
  c('Salt Lake City', 'UT', 40.7608, -111.891, 200_000, mountain),
  c('Spokane', 'WA', 47.6588, -117.426, 229_000, pacific),
  c('Des Moines', 'IA', 41.5868, -93.625, 214_000, central),
  c('Burlington', 'VT', 44.4759, -73.2121, 45_000, eastern),
];
