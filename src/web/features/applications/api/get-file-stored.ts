/**
 * HEAD /api/files/{id}: whether an upload is still stored for its owner (docs/product.md "Uploads": an upload never
 * attached is deleted after a day). For the application wizard's kept draft, which holds an uploaded CV's address.
 */

/** True when stored, false when the server answers it is gone or not the caller's (4xx), null when it cannot tell. */
export async function isFileStored(url: string): Promise<boolean | null> {
  try {
    const res = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    if (res.ok) return true;
    return res.status >= 400 && res.status < 500 ? false : null;
  } catch {
    return null;
  }
}
