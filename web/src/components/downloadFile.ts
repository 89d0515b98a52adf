/**
 * Saves the file at `url` through a temporary link, so the browser's own download (progress,
 * resume, save dialog) handles it. `name` is a hint; cross-origin URLs keep their own name.
 */
export function downloadFile(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
