/**
 * The model the designer edits: loaded by id, or — for `new` — made from the key, name and category the 新增
 * dialog put in the address (the diagram then starts as a minimal process of that key). After a save the saved
 * model replaces it (also when the address moves from `new` to the new id, the diagram on screen stays).
 */
import { useEffect, useState } from 'react';
import { fetchModel, type ProcessModel } from './designApi';
import { emptyDiagramXml, isProcessKey } from './processXml';

export interface DesignedModel {
  model: ProcessModel | undefined;
  /** The XML the designer starts from; stays the same once known. */
  initialXml: string | undefined;
  isMissing: boolean;
  setModel: (model: ProcessModel) => void;
}

interface Loaded {
  id: string;
  model?: ProcessModel;
}

export function useDesignedModel(id: string | undefined, query: URLSearchParams, startName: string): DesignedModel {
  const isNew = id === 'new' || id === undefined;
  // A new model's start, fixed at the first render: later address changes (the saved id) must not reset it.
  const [fresh] = useState(() => {
    const key = query.get('key') ?? '';
    if (!isNew || !isProcessKey(key)) return undefined;
    const name = query.get('name') || key;
    const model: ProcessModel = { id: '', modelKey: key, name, categoryId: query.get('categoryId') || undefined };
    return { model, xml: emptyDiagramXml(key, name, startName) };
  });
  const [loaded, setLoaded] = useState<Loaded>();
  const [saved, setSaved] = useState<ProcessModel>();

  useEffect(() => {
    if (isNew || id === undefined || saved?.id === id) return;
    let isCurrent = true;
    fetchModel(id).then(
      (model) => isCurrent && setLoaded({ id, model: model ?? undefined }),
      () => isCurrent && setLoaded({ id }),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, isNew, saved?.id]);

  const loadedModel = loaded && loaded.id === id ? loaded.model : undefined;
  const model = saved ?? (isNew ? fresh?.model : loadedModel);
  const initialXml = fresh?.xml ?? (loaded?.model ? loaded.model.xml || emptyDiagramXml(loaded.model.modelKey, loaded.model.name, startName) : undefined);
  const isMissing = isNew ? !fresh && !saved : !!loaded && loaded.id === id && !loaded.model && !saved;
  return { model, initialXml, isMissing, setModel: setSaved };
}
