import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { versionPublicFiles } from "./vite-plugins/version-public-files.ts";

// Modules only some inner pages use stay in those pages' chunks, off the home page.
const innerPagesOnly =
  /[\\/](content[\\/](courses|team|quizzes|video-courses)|components[\\/](reveal-delay|form-page|text-field)|lib[\\/]text[\\/](percentage|initials))\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), versionPublicFiles("public")],
  environments: {
    // The browser's chunks. Fewer, larger chunks compress better: the framework in one, the code
    // shared by our pages in another (with the newsletter form of every footer, the error reporter,
    // and the college pages' sections the home page shows), each route's own code in its own.
    // Not the server's: there the shared group took in what the server loads only on demand (the
    // S3 client, imported where S3_BUCKET is set), and every worker loaded the AWS SDK.
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|turbo-stream)[\\/]/ },
                {
                  name: "shared",
                  test: (id: string) =>
                    /[\\/]app[\\/](components|content|lib|features[\\/](newsletter|error-reporting|college-pages))[\\/]/.test(id) &&
                    !innerPagesOnly.test(id),
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app factory, so the app, its
    // router contexts and the database module share one module graph.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
