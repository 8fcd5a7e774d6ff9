// medium-zoom on the images of the current page (loaded by src/clientModules/imageZoom.ts on the first open):
// opened by click or by Enter/Space, closed by Escape, click or scroll.
import mediumZoom, {type Zoom} from 'medium-zoom';
import './zoom.css';

let zoom: Zoom | null = null;

/** Attaches zoom to the given images, detaching the previous page's. */
export function attachZoom(images: HTMLImageElement[]): void {
  if (!zoom) {
    // On a phone every pixel of width counts: no margin, so a wide figure gets wider than in the page.
    const margin = window.matchMedia('(max-width: 996px)').matches ? 0 : 24;
    zoom = mediumZoom({margin, background: 'var(--ifm-background-surface-color)'});
    // Give focus back to the image that was zoomed, as a dialog would.
    zoom.on('closed', (event) => (event.target as HTMLElement).focus());
  }
  zoom.detach();
  zoom.attach(...images);
}

export function openZoom(image: HTMLImageElement): Promise<Zoom> | undefined {
  return zoom?.open({target: image});
}
