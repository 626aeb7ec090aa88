/** The automation pipeline screens' paths (routes.ts). */
export const PIPELINES_PATH = '/automation-pipelines';
export const editPath = (id: string) => `${PIPELINES_PATH}/edit/${encodeURIComponent(id)}`;
export const runsPath = (id: string) => `${PIPELINES_PATH}/${encodeURIComponent(id)}/runs`;
