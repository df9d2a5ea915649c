/** Addresses of points: the organisation's places, the geocoder's cache, the bundled gazetteer (docs/integrations.md). */
export { addressOf, addressRows, resolveAddresses, type LatLon } from "./addresses.service";
export { formatAddress, coordinateText, type AddressLanguage } from "../../shared/address-text";
export { addressesJobs } from "./addresses.jobs";
export { loadGazetteer } from "./gazetteer";
