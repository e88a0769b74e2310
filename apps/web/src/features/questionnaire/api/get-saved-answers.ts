import { apiRequest } from '../../../lib/api-client.ts';

/** Answers saved earlier, by question code, so a return visit starts from them. */
export async function getSavedAnswers(signal: AbortSignal): Promise<Record<string, string> | null> {
  const profile = await apiRequest('profile', {}, { signal, quiet: true });
  return profile.questionnaire ?? null;
}
