import { NetworkError, toApiError } from './api-client';
import { currentLanguage } from './i18n';
import { endSession, sessionCredentials } from './session';

export interface DownloadProgress {
  bytes: number;
  /** Lines received so far (a CSV's rows, its header included). */
  lines: number;
}

/** The file name the server gave in Content-Disposition, else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Hands a Blob to the browser as a file to save. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the save; the address may go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file the API streams (a CSV export), reporting bytes and lines as they arrive, then
 * saves it under the server's name. The answer is read chunk by chunk, so a long export shows its
 * progress instead of a frozen button. Errors are the API client's (ApiError, NetworkError); a 401
 * ends the session as every other request does.
 */
export async function downloadFile(
  path: string,
  {
    fallbackName,
    onProgress,
    signal,
  }: {
    fallbackName: string;
    onProgress?: (progress: DownloadProgress) => void;
    signal?: AbortSignal;
  },
): Promise<{ name: string; bytes: number; lines: number }> {
  let response: Response;
  const session = sessionCredentials();
  try {
    response = await fetch(new URL(path, window.location.origin), {
      headers: { 'Accept-Language': currentLanguage(), ...session.headers },
      credentials: session.credentials,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError('offline', { cause: error });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = undefined;
    }
    const error = toApiError(response, body);
    if (response.status === 401)
      endSession(error.code === 'SESSION_EXPIRED' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
    throw error;
  }

  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new NetworkError('offline', { cause: error });
      }
      if (step.done) break;
      chunks.push(step.value);
      bytes += step.value.byteLength;
      for (const byte of step.value) if (byte === 10) lines += 1;
      onProgress?.({ bytes, lines });
    }
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const name = fileNameOf(response, fallbackName);
  saveBlob(new Blob(chunks as BlobPart[], { type }), name);
  return { name, bytes, lines };
}
