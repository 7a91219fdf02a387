/** The spec's captcha loader retry limit: after the first attempt, at most this many more. */
export const CAPTCHA_LOAD_RETRIES = 2;

/**
 * Runs `load`, and again after a short pause when it fails, up to `retries` more times;
 * the last failure is thrown.
 */
export async function withRetries<T>(load: () => Promise<T>, retries = CAPTCHA_LOAD_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      // A dropped connection often comes back within a second.
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }
}

/** A fetch that retries network failures and server errors (5xx), as a challenge loader should. */
export const retryingFetch =
  (onGiveUp: () => void): typeof fetch =>
  async (input, init) => {
    try {
      return await withRetries(async () => {
        const response = await fetch(input, init);
        if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
        return response;
      });
    } catch (error) {
      onGiveUp();
      throw error;
    }
  };
