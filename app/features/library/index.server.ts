// What other features use of the e-library on the server.
export { catalogueProvider } from "./catalogue-search.server.ts";
