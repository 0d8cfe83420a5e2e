/**
 * bpmn-js's NavigatedViewer (pan and zoom, no editing) drawing one process definition's XML, fitted to its box.
 * Loaded only by ProcessViewerDialog's dynamic import: bpmn-js is large and the list never needs it.
 */
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';

interface Canvas {
  zoom(level: 'fit-viewport', center?: 'auto'): number;
}

export interface ShownProcess {
  /** How many shapes and connections were drawn. */
  elementCount: number;
  destroy(): void;
}

export async function showProcess(container: HTMLElement, xml: string): Promise<ShownProcess> {
  const viewer = new NavigatedViewer({ container });
  try {
    await viewer.importXML(xml);
    viewer.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
  } catch (error) {
    viewer.destroy();
    throw error;
  }
  const elementCount = viewer.get<{ getAll(): unknown[] }>('elementRegistry').getAll().length;
  return { elementCount, destroy: () => viewer.destroy() };
}
