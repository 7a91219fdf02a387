import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The server bundle's entry is our Express app factory, so the app, its
    // router contexts and the database module share one module graph.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
