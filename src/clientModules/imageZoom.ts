// Image zoom for doc pages: the zoom code and its styles load only on a page that has an image in its content.
import type {ClientModule} from '@docusaurus/types';

const IMAGES = '.theme-doc-markdown img';

const imageZoom: ClientModule = {
  onRouteDidUpdate() {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>(IMAGES));
    if (images.length === 0) return;
    import('../imageZoom/zoom')
      .then(({attachZoom}) => attachZoom(images))
      .catch((error: unknown) => console.error('图片放大功能加载失败：', error));
  },
};

export default imageZoom;
