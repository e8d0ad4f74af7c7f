"""Learned parts of the pipeline: models trained on annotated data, made by one command, committed as data.

The line labeller (features.py, labeller.py; trained by train.py on the annotations of annotations.py: `make
model`) and the sentence-role classifier (sentences.py, trained by train_sentences.py: `make sentence-model`)."""
